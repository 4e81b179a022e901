/**
 * Logto's subject tokens (impersonation): `POST /api/subject-tokens` through a client typed by Logto's Management
 * API, then the token exchange grant at `/oidc/token`, once, by a first-party application that allows it.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { basicAuth, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { createUser } from './users.js';

const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const IMPERSONATION = 'urn:logto:token-type:impersonation_token';
const ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';

describe.each(databases())('subject tokens on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let client: Client<paths>;
  let app: { id: string; secret: string };

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    client = createClient<paths>({ baseUrl: server.origin });
    const created = await client.POST('/api/applications', {
      body: {
        name: 'Support desk',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: ['https://support.example.com/cb'], postLogoutRedirectUris: [] } as never,
        customClientMetadata: { allowTokenExchange: true },
      },
    });
    app = { id: created.data?.id ?? '', secret: created.data?.secret ?? '' };
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const exchange = (token: string, type = IMPERSONATION) =>
    postForm(
      `${server.origin}/oidc/token`,
      { grant_type: EXCHANGE, subject_token: token, subject_token_type: type, scope: 'openid profile' },
      basicAuth(app.id, app.secret),
    );
  const newToken = async (userId: string) => {
    const made = await client.POST('/api/subject-tokens', { body: { userId, context: { ticket: 'SUP-42' } } });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    return made.data?.subjectToken ?? '';
  };

  it('CreateSubjectToken: 201 with a token for ten minutes; 404 for a user the tenant does not have', async () => {
    const user = await createUser(db, 'default', { username: unique('u_'), password: 'correct horse battery' });
    const made = await client.POST('/api/subject-tokens', { body: { userId: user.id } });
    expect(made.response.status).toBe(201);
    expect(made.data).toEqual({ subjectToken: expect.stringMatching(/^sub_[\w-]{20,}$/), expiresIn: 600 });
    const missing = await client.POST('/api/subject-tokens', { body: { userId: 'nobody' } });
    expect(missing.response.status).toBe(404);
  });

  it('exchanges a subject token once for an access token of its user', async () => {
    const user = await createUser(db, 'default', { username: unique('u_'), password: 'correct horse battery' });
    const token = await newToken(user.id);
    const racing = await Promise.all([exchange(token), exchange(token)]);
    expect(racing.map(({ status }) => status).sort()).toEqual([200, 400]);
    const granted = racing.find(({ status }) => status === 200)?.body as { access_token: string };
    const refused = racing.find(({ status }) => status === 400)?.body as { error: string };
    expect(refused.error).toBe('invalid_grant');
    // The token is the user's: the provider's user info answers for them.
    const me = await fetch(`${server.origin}/oidc/me`, {
      headers: { authorization: `Bearer ${granted.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ sub: user.id, username: user.username });

    // Logto's first form: an access token type naming a sub_ token.
    const second = await newToken(user.id);
    expect((await exchange(second, ACCESS_TOKEN)).status).toBe(200);
    expect((await exchange('sub_not-a-token')).body.error).toBe('invalid_grant');
  });

  it('refuses an expired subject token', async () => {
    const user = await createUser(db, 'default', { username: unique('u_'), password: 'correct horse battery' });
    const token = await newToken(user.id);
    await db.withTenant('default', (tx) =>
      tx.query("UPDATE subject_tokens SET expires_at = now() - interval '1 second' WHERE value = $1", [token]),
    );
    const expired = await exchange(token);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('invalid_grant');
  });
});
