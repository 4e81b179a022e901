/**
 * Logto's actions configuration (`/api/configs/actions`) through a client typed by Logto's Management API: one
 * action per trigger, its test run in the script sandbox (what it returned, 204 for nothing), and Logto's codes.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

const SCRIPT = `const runAction = async ({ event, environmentVariables }) => {
  return { action: 'updateUser', user: { customData: { plan: environmentVariables.PLAN, seen: event.user.id } } };
};`;
type ActionType = 'action.postFirstFactorVerification' | 'action.postSignIn';
const path = (actionType: ActionType) => ({ params: { path: { actionType } } });

describe.each(databases())('actions on $name', (target) => {
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

  it('UpsertAction, GetAction, UpdateAction, GetActions, DeleteAction', async () => {
    const body = { script: SCRIPT, environmentVariables: { PLAN: 'pro' }, enabled: true };
    const made = await client.PUT('/api/configs/actions/{actionType}', { ...path('action.postSignIn'), body });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    expect(made.data).toEqual(body);
    const replaced = await client.PUT('/api/configs/actions/{actionType}', {
      ...path('action.postSignIn'),
      body: { script: SCRIPT, onExecutionError: 'allow' },
    });
    expect(replaced.response.status).toBe(200);
    expect(replaced.data).toEqual({ script: SCRIPT, onExecutionError: 'allow' });
    // A patch needs no script: it changes what it names.
    const patched = await client.PATCH('/api/configs/actions/{actionType}', {
      ...path('action.postSignIn'),
      body: { enabled: true },
    });
    expect(patched.response.status).toBe(200);
    expect(patched.data).toEqual({ script: SCRIPT, onExecutionError: 'allow', enabled: true });
    expect((await client.GET('/api/configs/actions/{actionType}', path('action.postSignIn'))).data).toEqual(
      patched.data,
    );

    await client.PUT('/api/configs/actions/{actionType}', {
      ...path('action.postFirstFactorVerification'),
      body: { script: SCRIPT },
    });
    const listed = await client.GET('/api/configs/actions');
    expect(listed.data?.map(({ key }) => key)).toEqual(['action.postFirstFactorVerification', 'action.postSignIn']);

    expect(
      (await client.DELETE('/api/configs/actions/{actionType}', path('action.postFirstFactorVerification'))).response
        .status,
    ).toBe(204);
    const gone = await client.GET('/api/configs/actions/{actionType}', path('action.postFirstFactorVerification'));
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'entity.not_exists_with_id' });
    const again = await client.DELETE('/api/configs/actions/{actionType}', path('action.postFirstFactorVerification'));
    expect(again.error).toMatchObject({ code: 'entity.not_found' });
    const bad = await client.PUT('/api/configs/actions/{actionType}', {
      ...path('action.postSignIn'),
      body: { script: SCRIPT, onExecutionError: 'sometimes' } as never,
    });
    expect(bad.response.status).toBe(400);
    expect((await client.GET('/api/configs/actions')).data).toHaveLength(1);
  });

  it('TestAction: what the script returned, 204 for nothing, 422 action.general for a failure', async () => {
    const test = (script: string) =>
      client.POST('/api/configs/actions/test', {
        body: {
          script,
          actionType: 'action.postSignIn',
          event: { key: 'action.postSignIn', interactionEvent: 'SignIn', user: { id: 'u1' } },
          environmentVariables: { PLAN: 'team' },
        },
      });
    const ran = await test(SCRIPT);
    expect(ran.response.status, JSON.stringify(ran.error)).toBe(200);
    expect(ran.data).toEqual({ action: 'updateUser', user: { customData: { plan: 'team', seen: 'u1' } } });
    const text = await test('const runAction = async () => "fine";');
    expect(text.response.status).toBe(200);
    expect(text.response.headers.get('content-type')).toContain('application/json');
    expect(text.data).toBe('fine');
    expect((await test('const runAction = async () => null;')).data).toBeNull();
    expect((await test('const runAction = async () => {};')).response.status).toBe(204);
    const failed = await test('const runAction = async () => { throw new Error("directory unreachable"); };');
    expect(failed.response.status).toBe(422);
    expect(failed.error).toMatchObject({ code: 'action.general', data: { message: 'directory unreachable' } });
  });
});
