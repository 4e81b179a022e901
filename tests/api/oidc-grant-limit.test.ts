/**
 * Logto's `customClientMetadata.maxAllowedGrants`: a user signed in to an application on more devices than it allows
 * loses the oldest sign-ins (their grants and tokens), and the tenant's webhooks hear `Grant.LimitExceeded`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { signInToApp } from './app-sign-in.js';
import { databases, unique } from './harness.js';
import { Browser, postForm, type RunningServer, registerFirstAdmin, startServer } from './oidc-helpers.js';
import { PASSWORD } from './oidc-sign-in-steps.js';
import { createUser } from './users.js';
import { startReceiver } from './webhook-receiver.js';

const CALLBACK = 'https://devices.example.com/callback';

describe.each(databases())('grant limit on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let managementToken: string;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    managementToken = (await registerFirstAdmin(server.origin, 'admin', PASSWORD, 'Admin@Example.com')).access_token;
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const manage = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.origin}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${managementToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** One device's sign-in to the app (a browser of its own), and the refresh token it keeps. */
  const signInOnDevice = async (clientId: string, username: string) =>
    (
      await signInToApp(
        server.origin,
        new Browser(),
        { clientId, callback: CALLBACK },
        { username, password: PASSWORD },
      )
    ).refresh_token;

  const refresh = (clientId: string, refreshToken: string) =>
    postForm(`${server.origin}/oidc/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    });

  it('revokes the oldest sign-ins beyond the limit, with their tokens, and announces Grant.LimitExceeded', async () => {
    const receiver = await startReceiver();
    const hook = await manage('POST', '/hooks', {
      name: 'Grant limits',
      events: ['Grant.LimitExceeded'],
      config: { url: receiver.url },
    });
    expect(hook.status).toBe(201);
    const app = await manage('POST', '/applications', {
      name: 'Two devices',
      type: 'Native',
      oidcClientMetadata: { redirectUris: [CALLBACK], postLogoutRedirectUris: [] },
      customClientMetadata: { maxAllowedGrants: 2 },
    });
    expect(app.status, JSON.stringify(app.body)).toBe(200);
    expect(app.body.customClientMetadata).toMatchObject({ maxAllowedGrants: 2 });
    const clientId = app.body.id as string;
    const username = unique('devices_');
    const userId = (await createUser(db, 'default', { username, password: PASSWORD })).id;

    const first = await signInOnDevice(clientId, username);
    const second = await signInOnDevice(clientId, username);
    expect((await refresh(clientId, first)).status).toBe(200);
    const third = await signInOnDevice(clientId, username);

    await server.app.webhooks.idle();
    expect(receiver.bodies).toHaveLength(1);
    expect(receiver.bodies[0]).toMatchObject({
      event: 'Grant.LimitExceeded',
      hookId: hook.body.id,
      userId,
      applicationId: clientId,
      maxAllowedGrants: 2,
      preRevocationActiveGrantCount: 3,
      revokedGrantIds: [expect.any(String)],
    });
    // The first device's grant is gone with its refresh token; the two newest sign-ins go on.
    const revoked = await refresh(clientId, first);
    expect(revoked.status).toBe(400);
    expect(revoked.body.error).toBe('invalid_grant');
    expect((await refresh(clientId, second)).status).toBe(200);
    expect((await refresh(clientId, third)).status).toBe(200);
    await receiver.close();
  });

  it('refuses a limit below one', async () => {
    const app = await manage('POST', '/applications', {
      name: 'No devices',
      type: 'Native',
      oidcClientMetadata: { redirectUris: [CALLBACK], postLogoutRedirectUris: [] },
      customClientMetadata: { maxAllowedGrants: 0 },
    });
    expect(app.status).toBe(400);
  });
});
