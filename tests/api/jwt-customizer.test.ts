/**
 * Logto's JWT customizer configuration (`/api/configs/jwt-customizer`) through a client typed by Logto's Management
 * API: one customizer per token type, its test run in the sandbox, and Logto's codes.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

const SCRIPT = `const getCustomJwtClaims = async ({ token, context, environmentVariables }) => {
  return { plan: environmentVariables.PLAN, user: context.user?.username ?? null, sub: token.sub ?? null };
};`;
const path = (tokenTypePath: 'access-token' | 'client-credentials') => ({ params: { path: { tokenTypePath } } });

describe.each(databases())('JWT customizers on $name', (target) => {
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

  it('UpsertJwtCustomizer, GetJwtCustomizer, UpdateJwtCustomizer, ListJwtCustomizers, DeleteJwtCustomizer', async () => {
    const body = {
      script: SCRIPT,
      environmentVariables: { PLAN: 'pro' },
      contextSample: { user: { id: 'u1', username: 'riley' } },
      tokenSample: { sub: 'u1' },
    };
    const made = await client.PUT('/api/configs/jwt-customizer/{tokenTypePath}', { ...path('access-token'), body });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    expect(made.data).toEqual(body);
    const replaced = await client.PUT('/api/configs/jwt-customizer/{tokenTypePath}', {
      ...path('access-token'),
      body: { script: SCRIPT, blockIssuanceOnError: true },
    });
    expect(replaced.response.status).toBe(200);
    // A replacement drops what it does not name.
    expect(replaced.data).toEqual({ script: SCRIPT, blockIssuanceOnError: true });

    const patched = await client.PATCH('/api/configs/jwt-customizer/{tokenTypePath}', {
      ...path('access-token'),
      body: { script: SCRIPT, environmentVariables: { PLAN: 'team' } },
    });
    expect(patched.response.status).toBe(200);
    expect(patched.data).toEqual({
      script: SCRIPT,
      blockIssuanceOnError: true,
      environmentVariables: { PLAN: 'team' },
    });
    const read = await client.GET('/api/configs/jwt-customizer/{tokenTypePath}', path('access-token'));
    expect(read.data).toEqual(patched.data);

    await client.PUT('/api/configs/jwt-customizer/{tokenTypePath}', {
      ...path('client-credentials'),
      body: { script: SCRIPT, contextSample: { application: { name: 'Reports job' } } },
    });
    const listed = await client.GET('/api/configs/jwt-customizer');
    expect(listed.data?.map(({ key }) => key)).toEqual(['jwt.accessToken', 'jwt.clientCredentials']);
    expect(listed.data?.[1]?.value).toMatchObject({ contextSample: { application: { name: 'Reports job' } } });

    const removed = await client.DELETE('/api/configs/jwt-customizer/{tokenTypePath}', path('client-credentials'));
    expect(removed.response.status).toBe(204);
    const gone = await client.GET('/api/configs/jwt-customizer/{tokenTypePath}', path('client-credentials'));
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'entity.not_exists_with_id' });
    const patchGone = await client.PATCH('/api/configs/jwt-customizer/{tokenTypePath}', {
      ...path('client-credentials'),
      body: { script: SCRIPT },
    });
    expect(patchGone.response.status).toBe(404);
    expect(
      (await client.DELETE('/api/configs/jwt-customizer/{tokenTypePath}', path('client-credentials'))).error,
    ).toMatchObject({ code: 'entity.not_found' });
    expect((await client.GET('/api/configs/jwt-customizer')).data).toHaveLength(1);
  });

  it("answers 400 for a body Logto's guard refuses, and changes nothing", async () => {
    const refused = [
      { tokenTypePath: 'access-token', body: { environmentVariables: {} } },
      { tokenTypePath: 'access-token', body: { script: SCRIPT, contextSample: { application: {} } } },
      { tokenTypePath: 'client-credentials', body: { script: SCRIPT, contextSample: { user: {} } } },
      { tokenTypePath: 'client-credentials', body: { script: SCRIPT, unknown: true } },
      { tokenTypePath: 'client-credentials', body: { script: SCRIPT, environmentVariables: { N: 1 } } },
      { tokenTypePath: 'id-token', body: { script: SCRIPT } },
    ] as const;
    for (const { tokenTypePath, body } of refused) {
      const answer = await client.PUT('/api/configs/jwt-customizer/{tokenTypePath}', {
        params: { path: { tokenTypePath: tokenTypePath as 'access-token' } },
        body: body as never,
      });
      expect(answer.response.status, JSON.stringify(body)).toBe(400);
      expect(answer.error).toMatchObject({ code: 'guard.invalid_input' });
    }
    const stored = await client.GET('/api/configs/jwt-customizer/{tokenTypePath}', path('client-credentials'));
    expect(stored.response.status).toBe(404);
  });

  it('two racing first PUTs: one makes it, the other replaces it', async () => {
    const put = (plan: string) =>
      client.PUT('/api/configs/jwt-customizer/{tokenTypePath}', {
        ...path('client-credentials'),
        body: { script: SCRIPT, environmentVariables: { PLAN: plan } },
      });
    const answers = await Promise.all([put('a'), put('b')]);
    expect(answers.map(({ response }) => response.status).sort()).toEqual([200, 201]);
    const { rows } = await db.withTenant('default', (tx) =>
      tx.query("SELECT id FROM jwt_customizers WHERE tenant_id = 'default' AND token_type = 'client-credentials'"),
    );
    expect(rows).toHaveLength(1);
  });

  it('TestJwtCustomizer: the claims of a script run on a sample; 403 for a denial, 422 for a failure', async () => {
    const test = (script: string) =>
      client.POST('/api/configs/jwt-customizer/test', {
        body: {
          tokenType: 'access-token',
          script,
          environmentVariables: { PLAN: 'pro' },
          token: { sub: 'u1' },
          context: { user: { username: 'riley' } },
        } as never,
      });
    const ran = await test(SCRIPT);
    expect(ran.response.status, JSON.stringify(ran.error)).toBe(200);
    expect(ran.data).toEqual({ plan: 'pro', user: 'riley', sub: 'u1' });

    const denied = await test('const getCustomJwtClaims = async ({ api }) => api.denyAccess("Trial ended.");');
    expect(denied.response.status).toBe(403);
    expect(denied.error).toMatchObject({ code: 'jwt_customizer.general', data: { message: 'Trial ended.' } });

    const failures = [
      'const getCustomJwtClaims = async ( => {};',
      'const somethingElse = () => ({});',
      'const getCustomJwtClaims = async () => { throw new Error("upstream down"); };',
      'const getCustomJwtClaims = async () => "not claims";',
      'const getCustomJwtClaims = async () => ({ p: typeof process, r: typeof require }).p.x.y;',
    ];
    for (const script of failures) {
      const failed = await test(script);
      expect(failed.response.status, script).toBe(422);
      expect(failed.error).toMatchObject({ code: 'jwt_customizer.general', data: { message: expect.any(String) } });
    }
    const loop = await test('const getCustomJwtClaims = async () => { for (;;) {} };');
    expect((loop.error as unknown as { data: { message: string } }).data.message).toMatch(/longer than|interrupted/);
  });
});
