import { createRemoteJWKSet, jwtVerify } from 'jose';
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { basicAuth, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { createUser } from './users.js';

const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const PAT_TYPE = 'urn:logto:token-type:personal_access_token';
const code = (reply: { error?: unknown }) => (reply.error as { code?: string } | undefined)?.code;

describe.each(databases())('personal access tokens on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let client: Client<paths>;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    client = createClient<paths>({ baseUrl: server.origin });
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const newUser = () => createUser(db, 'default', { username: unique('u_'), password: 'correct horse battery' });

  const newApp = async (allowTokenExchange: boolean) => {
    const created = await client.POST('/api/applications', {
      body: {
        name: 'CLI',
        type: 'Traditional',
        // Logto's types describe redirect URIs loosely; Gatehouse takes a list of URLs.
        oidcClientMetadata: { redirectUris: ['https://cli.example.com/cb'], postLogoutRedirectUris: [] } as never,
        customClientMetadata: { allowTokenExchange },
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    return { id: created.data?.id ?? '', secret: created.data?.secret ?? '' };
  };

  const exchange = (app: { id: string; secret: string }, token: string, extra: Record<string, string> = {}) =>
    postForm(
      `${server.origin}/oidc/token`,
      { grant_type: EXCHANGE, subject_token: token, subject_token_type: PAT_TYPE, ...extra },
      basicAuth(app.id, app.secret),
    );

  it('creates, lists, renames and deletes a user’s tokens as Logto does', async () => {
    const user = await newUser();
    const path = { userId: user.id };
    const created = await client.POST('/api/users/{userId}/personal-access-tokens', {
      params: { path },
      body: { name: 'laptop' },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ tenantId: 'default', userId: user.id, name: 'laptop', expiresAt: null });
    expect(created.data?.value).toMatch(/^pat_[a-z0-9]{32}$/);
    expect(typeof created.data?.createdAt).toBe('number');

    const duplicate = await client.POST('/api/users/{userId}/personal-access-tokens', {
      params: { path },
      body: { name: 'laptop' },
    });
    expect(duplicate.response.status).toBe(422);
    expect(code(duplicate)).toBe('user.personal_access_token_name_exists');
    const past = await client.POST('/api/users/{userId}/personal-access-tokens', {
      params: { path },
      body: { name: 'old', expiresAt: Date.now() - 1000 },
    });
    expect(past.response.status).toBe(400);
    const empty = await client.POST('/api/users/{userId}/personal-access-tokens', {
      params: { path },
      body: { name: '' },
    });
    expect(empty.response.status).toBe(400);

    // Renamed by the legacy path, then by the body.
    const renamed = await client.PATCH('/api/users/{userId}/personal-access-tokens/{name}', {
      params: { path: { ...path, name: 'laptop' } },
      body: { name: 'desk top' },
    });
    expect(renamed.response.status).toBe(200);
    expect(renamed.data).toMatchObject({ name: 'desk top', value: created.data?.value });
    const again = await client.PATCH('/api/users/{userId}/personal-access-tokens', {
      params: { path },
      body: { currentName: 'desk top', name: 'work/ci' },
    });
    expect(again.response.status).toBe(200);
    expect(again.data?.name).toBe('work/ci');

    await client.POST('/api/users/{userId}/personal-access-tokens', { params: { path }, body: { name: 'phone' } });
    const listed = await client.GET('/api/users/{userId}/personal-access-tokens', { params: { path } });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.map((token) => token.name).sort()).toEqual(['phone', 'work/ci']);

    const removed = await client.POST('/api/users/{userId}/personal-access-tokens/delete', {
      params: { path },
      body: { name: 'work/ci' },
    });
    expect(removed.response.status).toBe(204);
    const deleted = await client.DELETE('/api/users/{userId}/personal-access-tokens/{name}', {
      params: { path: { ...path, name: 'phone' } },
    });
    expect(deleted.response.status).toBe(204);
    const gone = await client.DELETE('/api/users/{userId}/personal-access-tokens/{name}', {
      params: { path: { ...path, name: 'phone' } },
    });
    expect(gone.response.status).toBe(404);
    expect((await client.GET('/api/users/{userId}/personal-access-tokens', { params: { path } })).data).toEqual([]);
  });

  it('answers 404 entity.not_found for a user that does not exist', async () => {
    const path = { userId: 'nosuchuser' };
    const listed = await client.GET('/api/users/{userId}/personal-access-tokens', { params: { path } });
    const created = await client.POST('/api/users/{userId}/personal-access-tokens', {
      params: { path },
      body: { name: 'a' },
    });
    for (const reply of [listed, created]) {
      expect(reply.response.status).toBe(404);
      expect(code(reply)).toBe('entity.not_found');
    }
  });

  it('exchanges a token for an access token of its user at /oidc/token, for apps that allow it', async () => {
    const user = await newUser();
    const path = { userId: user.id };
    const token = (
      await client.POST('/api/users/{userId}/personal-access-tokens', { params: { path }, body: { name: 'cli' } })
    ).data?.value as string;
    const resource = await client.POST('/api/resources', {
      body: { name: 'Notes', indicator: 'https://notes.example.com' },
    });
    expect(resource.response.status).toBe(201);

    const refused = await exchange(await newApp(false), token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    });

    const app = await newApp(true);
    const issued = await exchange(app, token, { resource: 'https://notes.example.com' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body).toMatchObject({ token_type: 'Bearer' });
    const jwks = createRemoteJWKSet(new URL(`${server.origin}/oidc/jwks`));
    const { payload } = await jwtVerify(issued.body.access_token, jwks, {
      issuer: `${server.origin}/oidc`,
      audience: 'https://notes.example.com',
    });
    expect(payload).toMatchObject({ sub: user.id, client_id: app.id });

    // Without a resource: an access token for the provider's own user info.
    const opaque = await exchange(app, token, { scope: 'openid profile' });
    expect(opaque.status, JSON.stringify(opaque.body)).toBe(200);
    const me = await fetch(`${server.origin}/oidc/me`, {
      headers: { authorization: `Bearer ${opaque.body.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ sub: user.id, username: user.username });

    // A wrong type, an unknown token, an expired one and a deleted one are refused.
    expect((await exchange(app, token, { subject_token_type: 'urn:x' })).body.error).toBe('invalid_grant');
    expect((await exchange(app, 'pat_nothing')).body.error).toBe('invalid_grant');
    const expiring = await client.POST('/api/users/{userId}/personal-access-tokens', {
      params: { path },
      body: { name: 'short', expiresAt: Date.now() + 60_000 },
    });
    await db.withTenant('default', (tx) =>
      tx.query(`UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE name = 'short'`),
    );
    const expired = await exchange(app, expiring.data?.value ?? '');
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('invalid_grant');
    await client.DELETE('/api/users/{userId}/personal-access-tokens/{name}', {
      params: { path: { ...path, name: 'cli' } },
    });
    const deleted = await exchange(app, token);
    expect(deleted.status).toBe(400);
    expect(deleted.body.error).toBe('invalid_grant');

    // The audit log records each exchange, granted or refused, under Logto's key, without the token.
    await server.app.auditLog.flush();
    const logs = await client.GET('/api/logs', {
      params: { query: { logKey: 'ExchangeTokenBy.TokenExchange', applicationId: app.id, page_size: 50 } },
    });
    const results = (logs.data ?? []).map((entry) => entry.payload.result);
    expect(results).toContain('Success');
    expect(results).toContain('Error');
    expect(JSON.stringify(logs.data)).not.toContain(token);
  });
});
