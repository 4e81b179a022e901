import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { Browser, basicAuth, formAction, pkce, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { createUser } from './users.js';

const PASSWORD = 'correct horse battery';
const code = (reply: { error?: unknown }) => (reply.error as { code?: string } | undefined)?.code;

describe.each(databases())('a user’s sessions and grants on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let client: Client<paths>;
  let app: { id: string; secret: string };
  const callback = 'https://app.example.com/callback';

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    client = createClient<paths>({ baseUrl: server.origin });
    const created = await client.POST('/api/applications', {
      body: {
        name: 'Notes',
        type: 'Traditional',
        // Logto's types describe redirect URIs loosely; Gatehouse takes a list of URLs.
        oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] } as never,
      },
    });
    expect(created.response.status).toBe(200);
    app = { id: created.data?.id ?? '', secret: created.data?.secret ?? '' };
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  /** Signs the user in to the app through the real pages; returns the app's tokens. */
  const signIn = async (username: string) => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const params = new URLSearchParams({
      client_id: app.id,
      redirect_uri: callback,
      response_type: 'code',
      scope: 'openid offline_access profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: unique(),
      prompt: 'login consent',
    });
    const page = await browser.follow(`${server.origin}/oidc/auth?${params}`);
    expect(page.status, page.text).toBe(200);
    const submitted = await browser.post(formAction(page.text, server.origin, '/sign-in'), {
      identifier: username,
      password: PASSWORD,
    });
    const back = await browser.follow(submitted.location ?? '', callback);
    expect(back.location?.startsWith(callback), back.text).toBe(true);
    const code = new URL(back.location ?? '').searchParams.get('code') ?? '';
    const tokens = await postForm(
      `${server.origin}/oidc/token`,
      { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: callback },
      basicAuth(app.id, app.secret),
    );
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    return tokens.body as { access_token: string; refresh_token: string };
  };

  const refresh = (refreshToken: string) =>
    postForm(
      `${server.origin}/oidc/token`,
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      basicAuth(app.id, app.secret),
    );

  const newUser = async () => createUser(db, 'default', { username: unique('u_'), password: PASSWORD });

  it('lists the session and the grant a sign-in made, and revoking the grant ends its refresh token', async () => {
    const user = await newUser();
    const tokens = await signIn(user.username ?? '');
    const path = { userId: user.id };

    const sessions = await client.GET('/api/users/{userId}/sessions', { params: { path } });
    expect(sessions.response.status).toBe(200);
    expect(sessions.data?.sessions).toHaveLength(1);
    const session = sessions.data?.sessions[0];
    expect(session).toMatchObject({ accountId: user.id, lastSubmission: null, payload: { accountId: user.id } });
    expect(session?.payload.kind).toBe('Session');
    expect(session?.expiresAt).toBeGreaterThan(Date.now());
    const uid = session?.payload.uid ?? '';
    expect(Object.keys(session?.payload.authorizations ?? {})).toEqual([app.id]);

    const one = await client.GET('/api/users/{userId}/sessions/{sessionId}', {
      params: { path: { ...path, sessionId: uid } },
    });
    expect(one.response.status).toBe(200);
    expect(one.data?.payload.uid).toBe(uid);

    const grants = await client.GET('/api/users/{userId}/grants', { params: { path } });
    expect(grants.response.status).toBe(200);
    expect(grants.data?.grants).toHaveLength(1);
    const grant = grants.data?.grants[0];
    expect(grant).toMatchObject({
      application: { id: app.id, name: 'Notes' },
      payload: { kind: 'Grant', clientId: app.id, accountId: user.id },
    });
    const firstParty = await client.GET('/api/users/{userId}/grants', {
      params: { path, query: { appType: 'firstParty' } },
    });
    expect(firstParty.data?.grants).toHaveLength(1);
    const thirdParty = await client.GET('/api/users/{userId}/grants', {
      params: { path, query: { appType: 'thirdParty' } },
    });
    expect(thirdParty.data?.grants).toHaveLength(0);

    // The refresh token works until its grant is revoked.
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const revoked = await client.DELETE('/api/users/{userId}/grants/{grantId}', {
      params: { path: { ...path, grantId: grant?.id ?? '' } },
    });
    expect(revoked.response.status).toBe(204);
    const after = await refresh(refreshed.body.refresh_token);
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
    expect((await client.GET('/api/users/{userId}/grants', { params: { path } })).data?.grants).toEqual([]);
    // The session no longer names the app's grant.
    const kept = await client.GET('/api/users/{userId}/sessions/{sessionId}', {
      params: { path: { ...path, sessionId: uid } },
    });
    expect(kept.data?.payload.authorizations ?? {}).toEqual({});

    // Revoking it again, or another user's grant, is not found.
    const again = await client.DELETE('/api/users/{userId}/grants/{grantId}', {
      params: { path: { ...path, grantId: grant?.id ?? '' } },
    });
    expect(again.response.status).toBe(404);
    expect(code(again)).toBe('oidc.invalid_grant');
  });

  it('revokes a session with the grants it authorized; the refresh token then fails', async () => {
    const user = await newUser();
    const tokens = await signIn(user.username ?? '');
    const path = { userId: user.id };
    const uid =
      (await client.GET('/api/users/{userId}/sessions', { params: { path } })).data?.sessions[0]?.payload.uid ?? '';

    const bad = await client.DELETE('/api/users/{userId}/sessions/{sessionId}', {
      params: { path: { ...path, sessionId: uid }, query: { revokeGrantsTarget: 'some' as 'all' } },
    });
    expect(bad.response.status).toBe(400);
    expect(code(bad)).toBe('guard.invalid_input');

    const other = await newUser();
    const foreign = await client.DELETE('/api/users/{userId}/sessions/{sessionId}', {
      params: { path: { userId: other.id, sessionId: uid } },
    });
    expect(foreign.response.status).toBe(404);
    expect(code(foreign)).toBe('oidc.invalid_session_account_id');

    const deleted = await client.DELETE('/api/users/{userId}/sessions/{sessionId}', {
      params: { path: { ...path, sessionId: uid }, query: { revokeGrantsTarget: 'all' } },
    });
    expect(deleted.response.status).toBe(204);
    expect((await client.GET('/api/users/{userId}/sessions', { params: { path } })).data?.sessions).toEqual([]);
    const missing = await client.GET('/api/users/{userId}/sessions/{sessionId}', {
      params: { path: { ...path, sessionId: uid } },
    });
    expect(missing.response.status).toBe(404);
    expect(code(missing)).toBe('oidc.session_not_found');
    const after = await refresh(tokens.refresh_token);
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
  });

  it('keeps an offline grant when the session alone is revoked', async () => {
    const user = await newUser();
    const tokens = await signIn(user.username ?? '');
    const path = { userId: user.id };
    const uid =
      (await client.GET('/api/users/{userId}/sessions', { params: { path } })).data?.sessions[0]?.payload.uid ?? '';
    const deleted = await client.DELETE('/api/users/{userId}/sessions/{sessionId}', {
      params: { path: { ...path, sessionId: uid } },
    });
    expect(deleted.response.status).toBe(204);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    expect((await client.GET('/api/users/{userId}/grants', { params: { path } })).data?.grants).toHaveLength(1);
  });

  it('answers 404 entity.not_found for a user that does not exist', async () => {
    const path = { userId: 'nosuchuser' };
    const replies = [
      await client.GET('/api/users/{userId}/sessions', { params: { path } }),
      await client.GET('/api/users/{userId}/sessions/{sessionId}', { params: { path: { ...path, sessionId: 'x' } } }),
      await client.DELETE('/api/users/{userId}/sessions/{sessionId}', {
        params: { path: { ...path, sessionId: 'x' } },
      }),
      await client.GET('/api/users/{userId}/grants', { params: { path } }),
      await client.DELETE('/api/users/{userId}/grants/{grantId}', { params: { path: { ...path, grantId: 'x' } } }),
    ];
    for (const reply of replies) {
      expect(reply.response.status).toBe(404);
      expect(code(reply)).toBe('entity.not_found');
    }
  });
});
