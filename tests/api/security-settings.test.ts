/**
 * Logto's `/api/captcha-provider`, `/api/account-center` and `/api/sentinel-activities/delete`, driven with the
 * `@logto/api` types; and `/api/captcha-provider/state`, which answers a missing provider with null instead of 404.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { sentinelTarget } from '../../src/server/interaction/sentinel.js';
import { databases, useApi } from './harness.js';

const turnstile = { type: 'Turnstile', siteKey: 'site', secretKey: 'secret' };
const recaptcha = { type: 'RecaptchaEnterprise', siteKey: 'site', secretKey: 'key', projectId: 'project' };

describe.each(databases())('security settings on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  it('captcha provider: 404 until set, PUT sets and replaces it, DELETE removes it and turns the CAPTCHA off', async () => {
    const none = await client.GET('/api/captcha-provider');
    expect(none.response.status).toBe(404);
    expect(none.error).toMatchObject({ code: 'entity.not_found' });

    const set = await client.PUT('/api/captcha-provider', { body: { config: turnstile } });
    expect(set.response.status).toBe(200);
    expect(set.data).toMatchObject({ tenantId: 'default', config: turnstile });
    expect(typeof set.data?.createdAt).toBe('number');
    expect(typeof set.data?.updatedAt).toBe('number');
    const replaced = await client.PUT('/api/captcha-provider', { body: { config: recaptcha } });
    expect(replaced.data).toMatchObject({ id: set.data?.id, config: recaptcha });
    expect((await client.GET('/api/captcha-provider')).data).toEqual(replaced.data);

    const bad = await api.request('PUT', '/api/captcha-provider', { config: { type: 'Turnstile', siteKey: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('guard.invalid_input');
    expect((await client.GET('/api/captcha-provider')).data).toEqual(replaced.data);

    await api.patch('/api/sign-in-exp', { captchaPolicy: { enabled: true } });
    const removed = await client.DELETE('/api/captcha-provider');
    expect(removed.response.status).toBe(204);
    expect((await client.GET('/api/captcha-provider')).response.status).toBe(404);
    expect((await client.GET('/api/sign-in-exp')).data?.captchaPolicy).toEqual({ enabled: false });
    expect((await client.DELETE('/api/captcha-provider')).response.status).toBe(404);
  });

  it('captcha provider state: 200 with null while there is none, the provider once set, null again once removed', async () => {
    const none = await api.get('/api/captcha-provider/state');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ provider: null });

    const set = await client.PUT('/api/captcha-provider', { body: { config: turnstile } });
    expect((await api.get('/api/captcha-provider/state')).body).toEqual({ provider: set.data });
    expect((await client.GET('/api/captcha-provider')).data).toEqual(set.data);

    expect((await client.DELETE('/api/captcha-provider')).response.status).toBe(204);
    expect((await api.get('/api/captcha-provider/state')).body).toEqual({ provider: null });
    expect((await client.GET('/api/captcha-provider')).response.status).toBe(404);
  });

  it("account center: Logto's defaults, a PATCH of some fields, a bad value refused", async () => {
    const read = await client.GET('/api/account-center');
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual({
      tenantId: 'default',
      id: 'default',
      enabled: false,
      fields: {},
      webauthnRelatedOrigins: [],
      deleteAccountUrl: null,
      customCss: null,
      profileFields: null,
    });
    const changed = await client.PATCH('/api/account-center', {
      body: {
        enabled: true,
        fields: { name: 'Edit', email: 'ReadOnly' },
        webauthnRelatedOrigins: ['https://a.example', 'https://a.example'],
        deleteAccountUrl: '' as never,
      },
    });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({
      enabled: true,
      fields: { name: 'Edit', email: 'ReadOnly' },
      webauthnRelatedOrigins: ['https://a.example'],
      deleteAccountUrl: null,
    });
    const bad = await api.patch('/api/account-center', { fields: { name: 'Sometimes' } });
    expect(bad.status).toBe(400);
    expect((await client.GET('/api/account-center')).data).toEqual(changed.data);
  });

  it('sentinel activities: deleting a target forgets its failed attempts and no one else’s', async () => {
    const user = await api.post('/api/users', { username: 'locked_out' });
    expect(user.status).toBe(200);
    const insert = (hash: string) =>
      api.db.query(
        `INSERT INTO sentinel_activities (tenant_id, id, target_hash, action, action_result, decision)
         VALUES ('default', $1, $2, 'Password', 'Failed', 'Blocked')`,
        [`s${Math.random().toString(36).slice(2, 12)}`, hash],
      );
    await insert(sentinelTarget('', user.body.id));
    await insert(sentinelTarget('nobody@example.com'));
    await insert(sentinelTarget('someone.else'));
    const deleted = await client.POST('/api/sentinel-activities/delete', {
      body: { targetType: 'User', targets: ['locked_out', 'nobody@example.com'] },
    });
    expect(deleted.response.status).toBe(204);
    const left = await api.db.query<{ target_hash: string }>('SELECT target_hash FROM sentinel_activities');
    expect(left.rows.map((row) => row.target_hash)).toEqual([sentinelTarget('someone.else')]);
    const bad = await api.post('/api/sentinel-activities/delete', { targetType: 'Device', targets: [] });
    expect(bad.status).toBe(400);
  });
});
