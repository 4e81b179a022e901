import { createManagementApi } from '@logto/api/management';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator } from '../../src/server/tenants/urls.js';
import { databases } from './harness.js';
import { basicAuth, freePort, postForm, registerFirstAdmin } from './oidc-helpers.js';

type Client = ReturnType<typeof createManagementApi>['apiClient'];
interface Key {
  id: string;
  createdAt: number;
  signingKeyAlgorithm?: 'RSA' | 'EC';
  status?: string;
}

/** The default tenant's signing and cookie keys, managed with Logto's client and checked against its JWKS. */
describe.each(databases())('signing keys on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let origin: string;
  let issuer: string;
  let m2m: { id: string; secret: string };

  /** A client with a token of its own, issued when it first calls (a token outlives at most one rotation). */
  const client = (): Client =>
    createManagementApi('default', {
      clientId: m2m.id,
      clientSecret: m2m.secret,
      baseUrl: origin,
      apiIndicator: managementApiIndicator('default'),
    }).apiClient;

  /** A fresh access token of the machine-to-machine app, signed by the tenant's current key. */
  const issueToken = async (): Promise<string> => {
    const { status, body } = await postForm(
      `${issuer}/token`,
      { grant_type: 'client_credentials', resource: managementApiIndicator('default'), scope: 'all' },
      basicAuth(m2m.id, m2m.secret),
    );
    expect(status).toBe(200);
    return body.access_token;
  };

  const jwks = async (): Promise<JSONWebKeySet> => (await fetch(`${issuer}/jwks`)).json();
  const verifies = async (token: string) => {
    try {
      await jwtVerify(token, createLocalJWKSet(await jwks()), { issuer });
      return true;
    } catch {
      return false;
    }
  };
  const listed = async (api: Client, keyType: 'private-keys' | 'cookie-keys'): Promise<Key[]> => {
    const { data, response } = await api.GET('/api/configs/oidc/{keyType}', { params: { path: { keyType } } });
    expect(response.status).toBe(200);
    return data ?? [];
  };
  const rotate = async (api: Client, keyType: 'private-keys' | 'cookie-keys', body = {}) =>
    api.POST('/api/configs/oidc/{keyType}/rotate', { params: { path: { keyType } }, body });
  const remove = async (api: Client, keyType: 'private-keys' | 'cookie-keys', keyId: string) =>
    api.DELETE('/api/configs/oidc/{keyType}/{keyId}', { params: { path: { keyType, keyId } } });

  /**
   * A second server on the same database that checks the stored keys on every use (so the tests need no waiting):
   * its JWKS's key ids, and the key id of a token it issues now.
   */
  const withSecondServer = async (
    run: (other: { kids: () => Promise<unknown[]>; signedBy: () => Promise<unknown> }) => Promise<void>,
  ) => {
    const port = await freePort();
    const other = await buildApp({ db, publicUrl: `http://127.0.0.1:${port}`, verifier: 'identity', keysCheckMs: 0 });
    await other.listen({ port, host: '127.0.0.1' });
    const otherIssuer = other.identity.issuerOf('default');
    try {
      await run({
        kids: async () =>
          ((await (await fetch(`${otherIssuer}/jwks`)).json()) as JSONWebKeySet).keys.map((jwk) => jwk.kid),
        signedBy: async () => {
          const { status, body } = await postForm(
            `${otherIssuer}/token`,
            { grant_type: 'client_credentials', resource: managementApiIndicator('default'), scope: 'all' },
            basicAuth(m2m.id, m2m.secret),
          );
          expect(status).toBe(200);
          return decodeProtectedHeader(body.access_token).kid;
        },
      });
    } finally {
      await other.close();
    }
  };

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = await buildApp({ db, publicUrl: origin, verifier: 'identity' });
    await app.listen({ port, host: '127.0.0.1' });
    issuer = app.identity.issuerOf('default');
    const consoleToken = (await registerFirstAdmin(origin, 'admin', 'correct horse battery')).access_token;
    const headers = { authorization: `Bearer ${consoleToken}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) =>
      (await fetch(`${origin}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
    m2m = await post('/api/applications', { name: 'Key rotator', type: 'MachineToMachine' });
    const roles = await (await fetch(`${origin}/api/roles?page=1&page_size=100`, { headers })).json();
    const role = roles.find((r: { name: string }) => r.name === 'Management API access');
    await post(`/api/applications/${m2m.id}/roles`, { roleIds: [role.id] });
  });
  afterAll(async () => {
    await app?.close();
    await dispose();
  });

  it('lists one current RSA signing key and one cookie key, without their key material', async () => {
    const api = client();
    const [key] = await listed(api, 'private-keys');
    expect(await listed(api, 'private-keys')).toEqual([
      { id: expect.any(String), createdAt: expect.any(Number), signingKeyAlgorithm: 'RSA', status: 'Current' },
    ]);
    expect((await jwks()).keys.map((jwk) => jwk.kid)).toEqual([key?.id]);
    const cookies = await listed(api, 'cookie-keys');
    expect(cookies).toEqual([{ id: expect.any(String), createdAt: expect.any(Number) }]);
    const token = await issueToken();
    for (const keyType of ['private-keys', 'cookie-keys']) {
      const text = await (
        await fetch(`${origin}/api/configs/oidc/${keyType}`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      expect(text).not.toMatch(/PRIVATE KEY|"value"|"d"/);
    }
  });

  it('rotates: the new key signs, the previous one stays published so earlier tokens verify, two rotations drop the oldest', async () => {
    const before = await issueToken();
    const [original] = await listed(client(), 'private-keys');
    expect(await verifies(before)).toBe(true);

    const first = await rotate(client(), 'private-keys');
    expect(first.response.status).toBe(200);
    const [fresh, previous] = first.data ?? [];
    expect(first.data).toEqual([
      { id: expect.any(String), createdAt: expect.any(Number), signingKeyAlgorithm: 'EC', status: 'Current' },
      { id: original?.id, createdAt: original?.createdAt, signingKeyAlgorithm: 'RSA', status: 'Previous' },
    ]);
    expect(previous?.id).toBe(original?.id);
    expect((await jwks()).keys.map((jwk) => jwk.kid)).toEqual([fresh?.id, original?.id]);
    // A token issued before the rotation still verifies; a new one is signed by the new key.
    expect(await verifies(before)).toBe(true);
    const after = await issueToken();
    expect(decodeProtectedHeader(after)).toMatchObject({ kid: fresh?.id, alg: 'ES384' });
    expect(await verifies(after)).toBe(true);
    // The client whose token the former key signed is still let in.
    const { response } = await client().GET('/api/configs/oidc/{keyType}', {
      params: { path: { keyType: 'private-keys' } },
    });
    expect(response.status).toBe(200);

    const second = await rotate(client(), 'private-keys', { signingKeyAlgorithm: 'RSA' });
    expect(second.data?.map(({ signingKeyAlgorithm, status }) => [signingKeyAlgorithm, status])).toEqual([
      ['RSA', 'Current'],
      ['EC', 'Previous'],
    ]);
    expect(second.data?.[1]?.id).toBe(fresh?.id);
    expect(await listed(client(), 'private-keys')).toEqual(second.data);
    expect((await jwks()).keys.map((jwk) => jwk.kid)).toEqual(second.data?.map((key) => key.id));
    expect(await verifies(after)).toBe(true);
    expect(await verifies(before)).toBe(false);
    expect(decodeProtectedHeader(await issueToken())).toMatchObject({ kid: second.data?.[0]?.id, alg: 'RS256' });
  });

  it('deletes only a previous signing key and never the last key', async () => {
    const api = client();
    const [current, previous] = await listed(api, 'private-keys');
    const del = (keyType: 'private-keys' | 'cookie-keys', keyId: string) => remove(api, keyType, keyId);

    const refused = await del('private-keys', current?.id ?? '');
    expect(refused.response.status).toBe(422);
    expect(refused.error).toMatchObject({ code: 'oidc.only_previous_key_can_be_deleted' });
    const missing = await del('private-keys', 'nosuchkey');
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'oidc.key_not_found' });
    expect(await listed(api, 'private-keys')).toEqual([current, previous]);

    expect((await del('private-keys', previous?.id ?? '')).response.status).toBe(204);
    expect(await listed(api, 'private-keys')).toEqual([current]);
    expect((await jwks()).keys.map((jwk) => jwk.kid)).toEqual([current?.id]);
    const last = await del('private-keys', current?.id ?? '');
    expect(last.response.status).toBe(422);
    expect(last.error).toMatchObject({ code: 'oidc.key_required' });

    // Cookie keys rotate alike; either of two may go, the last one stays.
    const [cookie] = await listed(api, 'cookie-keys');
    const rotated = await rotate(api, 'cookie-keys');
    expect(rotated.response.status).toBe(200);
    expect(rotated.data).toEqual([{ id: expect.any(String), createdAt: expect.any(Number) }, cookie]);
    expect((await del('cookie-keys', cookie?.id ?? '')).response.status).toBe(204);
    const left = await listed(api, 'cookie-keys');
    expect(left).toEqual([rotated.data?.[0]]);
    expect((await del('cookie-keys', left[0]?.id ?? '')).response.status).toBe(422);
  });

  it('refuses an unknown key type and a bad rotation body with 400, changing nothing', async () => {
    const api = client();
    const keys = await listed(api, 'private-keys');
    const token = await issueToken();
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${origin}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const [method, path, body] of [
      ['GET', '/api/configs/oidc/public-keys'],
      ['POST', '/api/configs/oidc/public-keys/rotate', {}],
      ['DELETE', `/api/configs/oidc/public-keys/${keys[0]?.id}`],
      ['POST', '/api/configs/oidc/private-keys/rotate', { signingKeyAlgorithm: 'DSA' }],
      ['POST', '/api/configs/oidc/private-keys/rotate', { extra: true }],
    ] as const) {
      const response = await call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'guard.invalid_input' });
    }
    // Cookie keys rotate at once only: a grace period, even 0, is refused (Logto's 422).
    const staged = await rotate(api, 'cookie-keys', { rotationGracePeriod: 0 });
    expect(staged.response.status).toBe(422);
    expect(staged.error).toMatchObject({ code: 'oidc.invalid_request' });
    expect(await listed(api, 'private-keys')).toEqual(keys);
  });

  it('serializes racing rotations: none is lost, one key is current, the previous one is the key it replaced', async () => {
    const api = client();
    const [start] = await listed(api, 'private-keys');
    // Two racers: a third could be read after two rotations dropped its token's key, and rightly be refused.
    const answers = await Promise.all(
      ['RSA', 'EC'].map(async (signingKeyAlgorithm) => {
        const { data, response } = await rotate(api, 'private-keys', { signingKeyAlgorithm });
        expect(response.status).toBe(200);
        return data ?? [];
      }),
    );
    const made = answers.map(([current]) => current?.id);
    const replaced = answers.map(([, previous]) => previous?.id);
    expect(new Set(made).size).toBe(2);
    // Each rotation demoted a different key: the starting one or the one the other rotation made.
    expect(new Set(replaced).size).toBe(2);
    for (const id of replaced) expect([start?.id, ...made]).toContain(id);
    const final = await listed(client(), 'private-keys'); // A new client: the racers' token key is gone.
    expect(final.map(({ status }) => status)).toEqual(['Current', 'Previous']);
    const last = answers.find(([current]) => current?.id === final[0]?.id);
    expect(final).toEqual(last);
    expect(made.filter((id) => !replaced.includes(id))).toEqual([final[0]?.id]);
    expect((await jwks()).keys.map((jwk) => jwk.kid)).toEqual(final.map((key) => key.id));
  });

  it('a second server on the same database signs with the new key once another server rotated it', async () => {
    await withSecondServer(async ({ kids, signedBy }) => {
      const before = await listed(client(), 'private-keys');
      expect(await kids()).toEqual(before.map((key) => key.id));
      expect(await signedBy()).toBe(before[0]?.id);

      const { data } = await rotate(client(), 'private-keys', { signingKeyAlgorithm: 'RSA' });
      expect(await kids()).toEqual(data?.map((key) => key.id));
      expect(await signedBy()).toBe(data?.[0]?.id);
    });
  });

  it('stages a rotation: the next key is published first and signs once its grace period is over', async () => {
    await withSecondServer(async ({ kids, signedBy }) => {
      const [current, previous] = await listed(client(), 'private-keys');
      const staged = await rotate(client(), 'private-keys', { signingKeyAlgorithm: 'EC', rotationGracePeriod: 3600 });
      expect(staged.response.status).toBe(200);
      const [next] = staged.data ?? [];
      expect(staged.data).toEqual([
        { id: expect.any(String), createdAt: expect.any(Number), signingKeyAlgorithm: 'EC', status: 'Next' },
        current,
        ...(previous ? [previous] : []),
      ]);
      // Published ahead, not signing yet.
      expect(await kids()).toContain(next?.id);
      expect(await signedBy()).toBe(current?.id);
      // An immediate rotation waits for the staged one (Logto's 422), and the next key cannot be deleted.
      const refused = await rotate(client(), 'private-keys', {});
      expect(refused.response.status).toBe(422);
      expect(refused.error).toMatchObject({ code: 'oidc.invalid_request' });
      expect((await remove(client(), 'private-keys', next?.id ?? '')).response.status).toBe(422);

      // The grace period ends: the next key signs, the former current key verifies as the previous one.
      await db.query(`UPDATE oidc_keys SET activates_at = now() - interval '1 second' WHERE id = $1`, [next?.id]);
      expect(await signedBy()).toBe(next?.id);
      expect((await listed(client(), 'private-keys')).map(({ id, status }) => ({ id, status }))).toEqual([
        { id: next?.id, status: 'Current' },
        { id: current?.id, status: 'Previous' },
      ]);
      expect(await kids()).toEqual([next?.id, current?.id]);
    });
  });
});
