/**
 * The tenant's configurations under `/api/configs` through a client typed by Logto's Management API, each with its
 * effect: which extended claims ID tokens carry (`id-token`), how long a sign-in session lasts (`oidc/session`), and
 * what the console remembers (`admin-console`).
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';
import {
  ORGANIZATION_ROLES,
  ORGANIZATIONS,
  type OrganizationScene,
  ok,
  organizationTokenSteps,
  setUpOrganizations,
} from './organization-token-steps.js';

const EXTENDED = `openid custom_data identities roles ${ORGANIZATIONS} ${ORGANIZATION_ROLES}`;

describe.each(databases())('tenant configurations on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let scene: OrganizationScene;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    scene = await setUpOrganizations(server, db);
    const role = ok(await scene.api.POST('/api/roles', { body: { name: 'editor', description: 'Edits' } }), 200);
    ok(
      await scene.api.POST('/api/users/{userId}/roles', {
        params: { path: { userId: scene.memberId } },
        body: { roleIds: [role.id] },
      }),
    );
    ok(
      await scene.api.PATCH('/api/users/{userId}/custom-data', {
        params: { path: { userId: scene.memberId } },
        body: { customData: { plan: 'gold' } },
      }),
      200,
    );
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const { signIn } = organizationTokenSteps(() => scene);
  const idTokenOf = async (scope: string) => decodeJwt((await signIn(scope)).id_token);

  it('id-token: ID tokens carry the roles and organizations by default, and exactly the claims set afterwards', async () => {
    const initial = await scene.api.GET('/api/configs/id-token');
    expect(initial.response.status).toBe(200);
    expect(initial.data?.enabledExtendedClaims).toEqual(['roles', 'organizations', 'organization_roles']);
    const byDefault = await idTokenOf(EXTENDED);
    expect(byDefault.roles).toEqual(['editor']);
    expect(byDefault.organizations).toHaveLength(2);
    expect(byDefault.organization_roles).toHaveLength(2);
    expect(byDefault.custom_data).toBeUndefined();
    expect(byDefault.organization_data).toBeUndefined();

    const replaced = await scene.api.PUT('/api/configs/id-token', {
      body: { enabledExtendedClaims: ['custom_data', 'organization_data'] },
    });
    expect(replaced.response.status).toBe(200);
    expect(replaced.data?.enabledExtendedClaims).toEqual(['custom_data', 'organization_data']);
    const custom = await idTokenOf(EXTENDED);
    expect(custom.custom_data).toEqual({ plan: 'gold' });
    expect(custom.organization_data).toEqual(
      expect.arrayContaining([{ id: scene.org.acme, name: 'acme', description: null }]),
    );
    expect(custom.roles).toBeUndefined();
    expect(custom.organizations).toBeUndefined();

    // The whole configuration is replaced: no list means no extended claim; the user info still answers them all.
    const cleared = await scene.api.PUT('/api/configs/id-token', { body: {} });
    expect(cleared.response.status).toBe(200);
    expect(cleared.data).not.toHaveProperty('enabledExtendedClaims');
    const tokens = await signIn(EXTENDED);
    const plain = decodeJwt(tokens.id_token);
    for (const claim of ['custom_data', 'roles', 'organizations', 'organization_roles']) {
      expect(plain[claim], claim).toBeUndefined();
    }
    const info = await fetch(`${scene.issuer}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await info.json()).toMatchObject({ custom_data: { plan: 'gold' }, roles: ['editor'] });

    const refused = await scene.api.PUT('/api/configs/id-token', {
      body: { enabledExtendedClaims: ['password'] as never },
    });
    expect(refused.response.status).toBe(400);
    expect((await scene.api.GET('/api/configs/id-token')).data).not.toHaveProperty('enabledExtendedClaims');
  });

  it('oidc/session: a sign-in session lasts 14 days, or the lifetime set for the next sign-in', async () => {
    const initial = await scene.api.GET('/api/configs/oidc/session');
    expect(initial.response.status).toBe(200);
    expect(initial.data).toMatchObject({ ttl: 14 * 24 * 3600 });

    const sessionLifetimes = async () => {
      const { rows } = await db.query<{ seconds: number }>(
        `SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM oidc_model_instances
          WHERE tenant_id = 'default' AND model_name = 'Session' ORDER BY created_at DESC LIMIT 1`,
      );
      return rows[0]?.seconds;
    };
    await signIn('openid');
    expect(await sessionLifetimes()).toBeGreaterThan(13 * 24 * 3600);

    const updated = await scene.api.PATCH('/api/configs/oidc/session', { body: { ttl: 3600 } });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ ttl: 3600 });
    await signIn('openid');
    const lifetime = await sessionLifetimes();
    expect(lifetime).toBeGreaterThan(3500);
    expect(lifetime).toBeLessThanOrEqual(3600);

    for (const ttl of [0, 31_536_001, 1.5]) {
      const refused = await scene.api.PATCH('/api/configs/oidc/session', { body: { ttl } });
      expect(refused.response.status, String(ttl)).toBe(400);
    }
    expect((await scene.api.GET('/api/configs/oidc/session')).data).toMatchObject({ ttl: 3600 });
  });

  it('admin-console: remembers the checklist and the notices read, leaving out what was never set', async () => {
    const initial = await scene.api.GET('/api/configs/admin-console');
    expect(initial.response.status).toBe(200);
    expect(initial.data).toMatchObject({ signInExperienceCustomized: false, organizationCreated: false });
    expect(initial.data).not.toHaveProperty('developmentTenantMigrationNotification');

    const readAt = Date.now();
    const updated = await scene.api.PATCH('/api/configs/admin-console', {
      body: {
        signInExperienceCustomized: true,
        developmentTenantMigrationNotification: { isPaidTenant: false, tag: 'development', readAt },
      },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({
      signInExperienceCustomized: true,
      organizationCreated: false,
      developmentTenantMigrationNotification: { isPaidTenant: false, tag: 'development', readAt },
    });
    const refused = await scene.api.PATCH('/api/configs/admin-console', {
      body: { organizationCreated: 'yes' as never },
    });
    expect(refused.response.status).toBe(400);
    expect((await scene.api.GET('/api/configs/admin-console')).data).toEqual(updated.data);
  });
});
