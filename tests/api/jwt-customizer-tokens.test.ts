/**
 * A JWT customizer's claims in real tokens: client credentials tokens with the application's context, user access
 * tokens (by token exchange of a subject token) with the user's roles and the subject token's context; a denial
 * refuses the token, a failing script leaves it without claims or, when its customizer says so, refuses it.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { basicAuth, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { createUser } from './users.js';

const REPORTS = 'https://reports.example.com';
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(databases())('customized token claims on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let client: Client<paths>;
  let machine: { id: string; secret: string };
  let desk: { id: string; secret: string };
  let analystRoleId: string;

  const app = async (body: Record<string, unknown>) => {
    const made = await client.POST('/api/applications', { body: body as never });
    expect(made.response.status, JSON.stringify(made.error)).toBe(200);
    return { id: made.data?.id ?? '', secret: made.data?.secret ?? '' };
  };
  const customize = async (tokenTypePath: 'access-token' | 'client-credentials', body: Record<string, unknown>) => {
    const put = await client.PUT('/api/configs/jwt-customizer/{tokenTypePath}', {
      params: { path: { tokenTypePath } },
      body: body as never,
    });
    expect(put.response.status, JSON.stringify(put.error)).toBeLessThan(300);
  };
  const machineToken = () =>
    postForm(
      `${server.origin}/oidc/token`,
      { grant_type: 'client_credentials', resource: REPORTS, scope: 'report:read' },
      basicAuth(machine.id, machine.secret),
    );

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    client = createClient<paths>({ baseUrl: server.origin });
    const resource = await client.POST('/api/resources', { body: { name: 'Reports', indicator: REPORTS } });
    const resourceId = resource.data?.id ?? '';
    const scope = await client.POST('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId } },
      body: { name: 'report:read' },
    });
    const role = await client.POST('/api/roles', {
      body: { name: unique('analyst'), description: 'Reads reports', scopeIds: [scope.data?.id ?? ''] },
    });
    machine = await app({ name: 'Nightly export', type: 'MachineToMachine' });
    desk = await app({
      name: 'Support desk',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: ['https://support.example.com/cb'], postLogoutRedirectUris: [] },
      customClientMetadata: { allowTokenExchange: true },
    });
    const m2mRole = await client.POST('/api/roles', {
      body: {
        name: unique('exporter'),
        description: 'Exports',
        type: 'MachineToMachine',
        scopeIds: [scope.data?.id ?? ''],
      },
    });
    await client.POST('/api/roles/{id}/applications', {
      params: { path: { id: m2mRole.data?.id ?? '' } },
      body: { applicationIds: [machine.id] },
    });
    analystRoleId = role.data?.id ?? '';
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  it("adds a client credentials token's claims from the application and variables; never a standard one", async () => {
    await customize('client-credentials', {
      script: `const getCustomJwtClaims = async ({ token, context, environmentVariables }) => ({
        app: context.application.name, tier: environmentVariables.TIER, scope_seen: token.scope, sub: 'someone-else',
      });`,
      environmentVariables: { TIER: 'gold' },
    });
    const granted = await machineToken();
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const claims = claimsOf(granted.body.access_token);
    expect(claims).toMatchObject({ app: 'Nightly export', tier: 'gold', scope_seen: 'report:read', sub: machine.id });

    await server.app.auditLog.flush();
    const logs = await client.GET('/api/logs', {
      params: { query: { logKey: 'JwtCustomizer.ClientCredentials', applicationId: machine.id } },
    });
    expect(logs.data?.[0]?.payload).toMatchObject({ result: 'Success', claims: { tier: 'gold' } });
    expect(JSON.stringify(logs.data)).not.toContain('getCustomJwtClaims');
  });

  it('refuses the token when the script denies it; a failing script leaves the claims out, or blocks when told', async () => {
    await customize('client-credentials', {
      script: 'const getCustomJwtClaims = async ({ api }) => api.denyAccess("Exports are paused.");',
    });
    const denied = await machineToken();
    expect(denied.status).toBe(400);
    expect(denied.body).toMatchObject({ error: 'access_denied', error_description: 'Exports are paused.' });

    const failing = 'const getCustomJwtClaims = async () => { throw new Error("lookup failed"); };';
    await customize('client-credentials', { script: failing });
    const issued = await machineToken();
    expect(issued.status).toBe(200);
    expect(Object.keys(claimsOf(issued.body.access_token))).not.toContain('tier');

    await customize('client-credentials', { script: failing, blockIssuanceOnError: true });
    const blocked = await machineToken();
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ error: 'invalid_request' });
    expect(blocked.body.error_description).toContain('lookup failed');
    await client.DELETE('/api/configs/jwt-customizer/{tokenTypePath}', {
      params: { path: { tokenTypePath: 'client-credentials' } },
    });
    expect(Object.keys(claimsOf((await machineToken()).body.access_token))).not.toContain('app');
  });

  it("adds a user token's claims from the user's roles and the subject token's context", async () => {
    await customize('access-token', {
      script: `const getCustomJwtClaims = async ({ context }) => ({
        username: context.user.username,
        roles: context.user.roles.map((role) => role.name + ':' + role.scopes.map((scope) => scope.name).join(',')),
        has_password: context.user.hasPassword,
        ticket: context.grant?.subjectTokenContext?.ticket ?? null,
        app: context.application?.name ?? null,
      });`,
    });
    const username = unique('riley_');
    const user = await createUser(db, 'default', { username, password: 'correct horse battery' });
    const roleId = analystRoleId;
    await client.POST('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [roleId] },
    });
    const made = await client.POST('/api/subject-tokens', { body: { userId: user.id, context: { ticket: 'SUP-7' } } });
    const exchanged = await postForm(
      `${server.origin}/oidc/token`,
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: made.data?.subjectToken ?? '',
        subject_token_type: 'urn:logto:token-type:impersonation_token',
        resource: REPORTS,
        scope: 'report:read',
      },
      basicAuth(desk.id, desk.secret),
    );
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    const role = await client.GET('/api/roles/{id}', { params: { path: { id: roleId } } });
    expect(claimsOf(exchanged.body.access_token)).toMatchObject({
      sub: user.id,
      username,
      roles: [`${role.data?.name}:report:read`],
      has_password: true,
      ticket: 'SUP-7',
      app: 'Support desk',
    });
  });
});
