import { createManagementApi } from '@logto/api/management';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator } from '../../src/server/tenants/urls.js';
import { databases } from './harness.js';
import { freePort, postForm, registerFirstAdmin } from './oidc-helpers.js';

/** The management API as the product runs it: every route needs a token from the tenant's or the admin provider. */
describe.each(databases())('management API with real tokens on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let origin: string;
  let consoleToken: string;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = await buildApp({ db, publicUrl: origin, verifier: 'identity' });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await dispose();
  });

  const api = (path: string, init: RequestInit = {}, token = consoleToken) =>
    fetch(`${origin}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
    });

  it('answers 401 without a token, and says whether the first administrator still has to be created', async () => {
    expect((await api('/api/roles', {}, '')).status).toBe(401);
    // The account routes authenticate the console user before they look at the body.
    const anonymous = await api('/t/admin/me', { method: 'PATCH', body: JSON.stringify({ username: '1 bad' }) }, '');
    expect(anonymous.status).toBe(401);
    expect(await (await fetch(`${origin}/api/.well-known/first-run`)).json()).toEqual({ firstRun: true });
  });

  it('lets the first administrator use the API and their own account', async () => {
    consoleToken = (await registerFirstAdmin(origin, 'admin', 'correct horse battery')).access_token;
    expect(await (await fetch(`${origin}/api/.well-known/first-run`)).json()).toEqual({ firstRun: false });

    const roles = await api('/api/roles?page=1&page_size=20');
    expect(roles.status).toBe(200);
    expect((await roles.json()).map((role: { name: string }) => role.name)).toContain('Management API access');

    const me = await api('/t/admin/me');
    expect(me.status).toBe(200);
    const user = await me.json();
    expect(user).toMatchObject({ username: 'admin', hasPassword: true });
    expect(user).not.toHaveProperty('passwordEncrypted');

    const renamed = await api('/t/admin/me', { method: 'PATCH', body: JSON.stringify({ name: 'Ada' }) });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).name).toBe('Ada');
    const bad = await api('/t/admin/me', { method: 'PATCH', body: JSON.stringify({ username: '1 bad', role: 'x' }) });
    expect(bad.status).toBe(400);

    const preferences = { adminConsolePreferences: { language: 'de', appearanceMode: 'dark' } };
    const saved = await api('/t/admin/me/custom-data', { method: 'PATCH', body: JSON.stringify(preferences) });
    expect(await saved.json()).toEqual(preferences);
    const onboarding = await api('/t/admin/me/custom-data', {
      method: 'PATCH',
      body: JSON.stringify({ onboarding: { isOnboardingDone: true } }),
    });
    expect(await onboarding.json()).toEqual({ ...preferences, onboarding: { isOnboardingDone: true } });
    const wrongMode = await api('/t/admin/me/custom-data', {
      method: 'PATCH',
      body: JSON.stringify({ adminConsolePreferences: { appearanceMode: 'neon' } }),
    });
    expect(wrongMode.status).toBe(400);
    expect((await (await api('/t/admin/me')).json()).customData.adminConsolePreferences.appearanceMode).toBe('dark');
  });

  it('serves a script holding a machine-to-machine app through the @logto/api client', async () => {
    const app = await (
      await api('/api/applications', { method: 'POST', body: JSON.stringify({ name: 'CI', type: 'MachineToMachine' }) })
    ).json();
    const secret = await (
      await api(`/api/applications/${app.id}/secrets`, { method: 'POST', body: JSON.stringify({ name: 'ci' }) })
    ).json();
    const roles = await (await api('/api/roles?page=1&page_size=100&search=%25Management%25')).json();
    const managementRole = roles.find((role: { name: string }) => role.name === 'Management API access');
    const assigned = await api(`/api/applications/${app.id}/roles`, {
      method: 'POST',
      body: JSON.stringify({ roleIds: [managementRole.id] }),
    });
    expect(assigned.status).toBe(201);

    const { apiClient } = createManagementApi('default', {
      clientId: app.id,
      clientSecret: secret.value,
      baseUrl: origin,
      apiIndicator: managementApiIndicator('default'),
    });
    const created = await apiClient.POST('/api/roles', { body: { name: 'Reporter', description: 'Reads reports' } });
    expect(created.response.status).toBe(200);
    const listed = await apiClient.GET('/api/roles', { params: { query: { page: 1, page_size: 20 } } });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.map((role) => role.name)).toContain('Reporter');
  });

  it('refuses a machine-to-machine app without the management role (403)', async () => {
    const app = await (
      await api('/api/applications', {
        method: 'POST',
        body: JSON.stringify({ name: 'Idle', type: 'MachineToMachine' }),
      })
    ).json();
    const { apiClient } = createManagementApi('default', {
      clientId: app.id,
      clientSecret: app.secret,
      baseUrl: origin,
      apiIndicator: managementApiIndicator('default'),
    });
    const listed = await apiClient.GET('/api/roles', { params: { query: { page: 1, page_size: 20 } } });
    expect(listed.response.status).toBe(403);
  });

  it('lets a read-only collaborator (read:data) list and open, and refuses its writes with 403', async () => {
    const resources = await (await api('/api/resources?page=1&page_size=100')).json();
    const managementApi = resources.find(
      (resource: { indicator: string }) => resource.indicator === managementApiIndicator('default'),
    );
    const scopes = await (await api(`/api/resources/${managementApi.id}/scopes`)).json();
    const readData = scopes.find((scope: { name: string }) => scope.name === 'read:data');
    expect(scopes.map((scope: { name: string }) => scope.name)).toEqual(
      expect.arrayContaining(['all', 'read:data', 'write:data']),
    );
    const role = await (
      await api('/api/roles', {
        method: 'POST',
        body: JSON.stringify({
          name: 'Reader',
          description: 'Reads only',
          type: 'MachineToMachine',
          scopeIds: [readData.id],
        }),
      })
    ).json();
    const reader = await (
      await api('/api/applications', {
        method: 'POST',
        body: JSON.stringify({ name: 'Reader', type: 'MachineToMachine' }),
      })
    ).json();
    await api(`/api/applications/${reader.id}/roles`, { method: 'POST', body: JSON.stringify({ roleIds: [role.id] }) });
    const granted = await postForm(`${origin}/oidc/token`, {
      grant_type: 'client_credentials',
      client_id: reader.id,
      client_secret: reader.secret,
      resource: managementApiIndicator('default'),
      scope: 'read:data write:data all',
    });
    expect(granted.status).toBe(200);
    expect(granted.body.scope).toBe('read:data');
    const token = granted.body.access_token as string;

    const users = await api('/api/users?page=1&page_size=5', {}, token);
    expect(users.status).toBe(200);
    expect((await api(`/api/roles/${role.id}`, {}, token)).status).toBe(200);
    const before = Number(users.headers.get('total-number'));

    const create = await api('/api/users', { method: 'POST', body: JSON.stringify({ username: 'intruder' }) }, token);
    expect(create.status).toBe(403);
    expect((await create.json()).code).toBe('auth.forbidden');
    const rename = await api(`/api/roles/${role.id}`, { method: 'PATCH', body: JSON.stringify({ name: 'x' }) }, token);
    expect(rename.status).toBe(403);
    expect((await api(`/api/roles/${role.id}`, { method: 'DELETE' }, token)).status).toBe(403);

    const after = await api('/api/users?page=1&page_size=5');
    expect(Number(after.headers.get('total-number'))).toBe(before);
    expect((await (await api(`/api/roles/${role.id}`)).json()).name).toBe('Reader');
  });
});
