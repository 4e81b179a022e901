/**
 * Hasura's authentication webhook: the user and role of a request from a user access token issued for the API, the
 * `Expected-Role` only when the user holds it, the unauthorized role for everyone else, and 401 otherwise.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { basicAuth, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { createUser } from './users.js';

const GRAPHQL = 'https://graphql.example.com';
const OTHER_API = 'https://reports.example.com';

describe.each(databases())('Hasura authentication webhook on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let client: Client<paths>;
  let editorRole: string;
  let userId: string;
  let desk: { id: string; secret: string };

  /** A user access token for `resource`, by token exchange of a subject token. */
  const userToken = async (resource: string) => {
    const made = await client.POST('/api/subject-tokens', { body: { userId } });
    const exchanged = await postForm(
      `${server.origin}/oidc/token`,
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: made.data?.subjectToken ?? '',
        subject_token_type: 'urn:logto:token-type:impersonation_token',
        resource,
      },
      basicAuth(desk.id, desk.secret),
    );
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    return String(exchanged.body.access_token);
  };
  const hook = (query: { resource: string; unauthorizedRole?: string }, headers: Record<string, string> = {}) =>
    client.GET('/api/authn/hasura', { params: { query }, headers });

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    client = createClient<paths>({ baseUrl: server.origin });
    for (const indicator of [GRAPHQL, OTHER_API]) {
      await client.POST('/api/resources', { body: { name: indicator, indicator } });
    }
    editorRole = unique('editor');
    const role = await client.POST('/api/roles', { body: { name: editorRole, description: 'Edits posts' } });
    const user = await createUser(db, 'default', { username: unique('hasura_'), password: 'correct horse battery' });
    userId = user.id;
    await client.POST('/api/users/{userId}/roles', {
      params: { path: { userId } },
      body: { roleIds: [role.data?.id ?? ''] },
    });
    const app = await client.POST('/api/applications', {
      body: {
        name: 'GraphQL gateway',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: ['https://gateway.example.com/cb'], postLogoutRedirectUris: [] },
        customClientMetadata: { allowTokenExchange: true },
      } as never,
    });
    desk = { id: app.data?.id ?? '', secret: app.data?.secret ?? '' };
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  it('answers the user and the expected role the user holds, from a token for the API', async () => {
    const token = await userToken(GRAPHQL);
    const answer = await hook({ resource: GRAPHQL }, { Authorization: `Bearer ${token}`, 'Expected-Role': editorRole });
    expect(answer.response.status).toBe(200);
    expect(answer.data).toEqual({ 'X-Hasura-User-Id': userId, 'X-Hasura-Role': editorRole });
  });

  it('refuses a role the user does not hold (401), unless an unauthorized role is named', async () => {
    const token = await userToken(GRAPHQL);
    const headers = { Authorization: `Bearer ${token}`, 'Expected-Role': 'admin' };
    const refused = await hook({ resource: GRAPHQL }, headers);
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'auth.expected_role_not_found' });
    const demoted = await hook({ resource: GRAPHQL, unauthorizedRole: 'viewer' }, headers);
    expect(demoted.data).toEqual({ 'X-Hasura-User-Id': userId, 'X-Hasura-Role': 'viewer' });
  });

  it('gives a request without a valid token the unauthorized role, and never the role it asks for', async () => {
    const anonymous = await hook({ resource: GRAPHQL, unauthorizedRole: 'anonymous' }, { 'Expected-Role': editorRole });
    expect(anonymous.data).toEqual({ 'X-Hasura-Role': 'anonymous' });

    const token = await userToken(GRAPHQL);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const headers = { Authorization: `Bearer ${forged}`, 'Expected-Role': editorRole };
    expect((await hook({ resource: GRAPHQL }, headers)).response.status).toBe(401);
    expect((await hook({ resource: GRAPHQL, unauthorizedRole: 'anonymous' }, headers)).data).toEqual({
      'X-Hasura-Role': 'anonymous',
    });
  });

  it("does not take a token for another API as the user's role, though it still names the user", async () => {
    const token = await userToken(OTHER_API);
    const headers = { Authorization: `Bearer ${token}`, 'Expected-Role': editorRole };
    const refused = await hook({ resource: GRAPHQL }, headers);
    expect(refused.response.status).toBe(401);
    const demoted = await hook({ resource: GRAPHQL, unauthorizedRole: 'anonymous' }, headers);
    expect(demoted.data).toEqual({ 'X-Hasura-User-Id': userId, 'X-Hasura-Role': 'anonymous' });
  });

  it('asks for the API the tokens are for', async () => {
    const missing = await client.GET('/api/authn/hasura', { params: { query: {} as never } });
    expect(missing.response.status).toBe(400);
    expect(missing.error).toMatchObject({ code: 'guard.invalid_input' });
  });
});
