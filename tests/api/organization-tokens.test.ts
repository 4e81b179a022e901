/**
 * Organization tokens as Logto issues them: a member signed in with `urn:logto:scope:organizations` sees the
 * organizations (and with `urn:logto:scope:organization_roles` the roles) in the ID token and user info, and trades
 * the refresh token for an organization's access token holding the permissions the member's organization roles
 * grant. Non-members, organizations of another tenant and organizations requiring MFA of a user without it are
 * refused.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { uris } from './logto-contract-shapes.js';
import { basicAuth, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import {
  CALLBACK,
  FULL_SCOPE,
  ORGANIZATION_RESOURCE,
  ORGANIZATION_ROLES,
  ORGANIZATIONS,
  type OrganizationScene,
  ok,
  organizationTokenSteps,
  REPORTS,
  setUpOrganizations,
} from './organization-token-steps.js';

const applicationsJoinOrganizations = entityModels.some(
  (model) => model.table === 'organization_application_relations',
);

describe.each(databases())('organization tokens on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let scene: OrganizationScene;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    scene = await setUpOrganizations(server, db);
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const { signIn, session, verify, verifyFor } = organizationTokenSteps(() => scene);

  it('puts the member’s organizations and organization roles in the ID token and the user info', async () => {
    const tokens = await signIn(`openid ${ORGANIZATIONS} ${ORGANIZATION_ROLES}`);
    const claims = decodeJwt(tokens.id_token);
    expect([...(claims.organizations as string[])].sort()).toEqual([scene.org.acme, scene.org.globex].sort());
    expect([...(claims.organization_roles as string[])].sort()).toEqual(
      [`${scene.org.acme}:admin`, `${scene.org.globex}:viewer`].sort(),
    );

    const info = await fetch(`${scene.issuer}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(info.status).toBe(200);
    const body = (await info.json()) as { sub: string; organizations: string[]; organization_roles: string[] };
    expect(body.sub).toBe(scene.memberId);
    expect([...body.organizations].sort()).toEqual([scene.org.acme, scene.org.globex].sort());
    expect([...body.organization_roles].sort()).toEqual(
      [`${scene.org.acme}:admin`, `${scene.org.globex}:viewer`].sort(),
    );
  });

  it('releases the organizations only for their scope, and the roles only for theirs', async () => {
    const plain = decodeJwt((await signIn('openid')).id_token);
    expect(plain.organizations).toBeUndefined();
    expect(plain.organization_roles).toBeUndefined();
    const idsOnly = decodeJwt((await signIn(`openid ${ORGANIZATIONS}`)).id_token);
    expect(idsOnly.organizations).toHaveLength(2);
    expect(idsOnly.organization_roles).toBeUndefined();
  });

  it('issues an organization token with the permissions of the member’s roles among those requested', async () => {
    const refresh = await session();
    const acme = await refresh({ organization_id: scene.org.acme });
    expect(acme.status, JSON.stringify(acme.body)).toBe(200);
    const payload = await verifyFor(acme.body.access_token, scene.org.acme);
    expect(payload.sub).toBe(scene.memberId);
    expect(String(payload.scope).split(' ').sort()).toEqual(['read:member', 'write:member']);
    expect(acme.body.scope.split(' ').sort()).toEqual(['read:member', 'write:member']);

    const narrowed = await refresh({ organization_id: scene.org.acme, scope: 'write:member' });
    expect((await verifyFor(narrowed.body.access_token, scene.org.acme)).scope).toBe('write:member');

    const globex = await refresh({ organization_id: scene.org.globex });
    const globexPayload = await verifyFor(globex.body.access_token, scene.org.globex);
    expect(globexPayload.scope).toBe('read:member');
    // One organization's token is no other organization's.
    await expect(verifyFor(globex.body.access_token, scene.org.acme)).rejects.toThrow();
  });

  it('refuses an organization the user is not a member of, or another tenant’s', async () => {
    // Another tenant's organization, its member a copy of the user (same id) in that tenant.
    await db.exec(`
      INSERT INTO users SELECT (jsonb_populate_record(NULL::users, to_jsonb(u) || '{"tenant_id": "other"}')).*
        FROM users u WHERE tenant_id = 'default' AND id = '${scene.memberId}';
      INSERT INTO organizations (tenant_id, id, name) VALUES ('other', 'otherorg', 'Elsewhere');
      INSERT INTO organization_user_relations (tenant_id, organization_id, user_id) VALUES ('other', 'otherorg', '${scene.memberId}');
    `);
    const refresh = await session();
    for (const organizationId of [scene.org.initech, 'otherorg', 'nothing-here']) {
      const refused = await refresh({ organization_id: organizationId });
      expect(refused.status, organizationId).toBe(403);
      expect(refused.body).toMatchObject({
        error: 'access_denied',
        error_description: 'user is not a member of the organization',
      });
    }
    // The refusals left the refresh token usable.
    expect((await refresh({ organization_id: scene.org.acme })).status).toBe(200);
  });

  it('grants no organization to a third party’s app', async () => {
    const created = await scene.api.POST('/api/applications', {
      body: {
        name: 'Partner portal',
        type: 'SPA',
        isThirdParty: true,
        oidcClientMetadata: { redirectUris: uris(CALLBACK), postLogoutRedirectUris: [] },
      },
    });
    const partner = ok(created, 200).id;
    const { refresh_token } = await signIn(FULL_SCOPE, ORGANIZATION_RESOURCE, partner);
    const refused = await postForm(`${scene.issuer}/token`, {
      grant_type: 'refresh_token',
      refresh_token,
      client_id: partner,
      organization_id: scene.org.acme,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'access_denied',
      error_description: 'organization access is not granted to the application',
    });
  });

  it('refuses an organization token to a refresh token issued without the organizations scope', async () => {
    const refresh = await session('openid offline_access read:member');
    const refused = await refresh({ organization_id: scene.org.acme });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'insufficient_scope', scope: ORGANIZATIONS });
  });

  it('issues an API resource’s token with what the member’s roles in the named organization grant', async () => {
    const trade = await session(`openid offline_access ${ORGANIZATIONS} api:read api:write`, REPORTS);
    const refresh = (organizationId: string) => trade({ resource: REPORTS, organization_id: organizationId });
    const acme = await refresh(scene.org.acme);
    expect(acme.status, JSON.stringify(acme.body)).toBe(200);
    const payload = await verify(acme.body.access_token, REPORTS);
    expect(payload).toMatchObject({ sub: scene.memberId, scope: 'api:read', organization_id: scene.org.acme });
    // The viewer role of the other organization grants nothing of the resource.
    const globex = await refresh(scene.org.globex);
    expect(globex.status).toBe(200);
    expect(decodeJwt(globex.body.access_token).scope).toBeFalsy();
    const refused = await refresh(scene.org.initech);
    expect(refused.status).toBe(403);
    expect(refused.body.error_description).toBe('user is not a member of the organization');
  });

  it('refuses an organization that requires MFA until the member has a factor', async () => {
    const id = scene.org.globex;
    ok(
      await scene.api.PATCH('/api/organizations/{id}', { params: { path: { id } }, body: { isMfaRequired: true } }),
      200,
    );
    const refresh = await session();
    const refused = await refresh({ organization_id: id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'access_denied',
      error_description: 'organization requires MFA but user has no MFA configured',
    });
    // Other organizations are unaffected.
    expect((await refresh({ organization_id: scene.org.acme })).status).toBe(200);

    ok(
      await scene.api.POST('/api/users/{userId}/mfa-verifications', {
        params: { path: { userId: scene.memberId } },
        body: { type: 'Totp' },
      }),
      200,
    );
    const granted = await refresh({ organization_id: id });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await verifyFor(granted.body.access_token, id)).scope).toBe('read:member');
  });

  it('refuses an organization token to a machine-to-machine app outside the organization', async () => {
    const created = await scene.api.POST('/api/applications', {
      body: { name: 'Billing job', type: 'MachineToMachine' },
    });
    const m2m = ok(created, 200) as { id: string; secret: string };
    for (const extra of [{}, { resource: REPORTS, scope: 'api:read' }] as Record<string, string>[]) {
      const refused = await postForm(
        `${scene.issuer}/token`,
        { grant_type: 'client_credentials', organization_id: scene.org.acme, scope: 'read:member', ...extra },
        basicAuth(m2m.id, m2m.secret),
      );
      expect(refused.status, JSON.stringify(extra)).toBe(403);
      expect(refused.body).toMatchObject({
        error: 'access_denied',
        error_description: 'app has not associated with the organization',
      });
    }
    // Without an organization the app's grant is unchanged.
    const plain = await postForm(
      `${scene.issuer}/token`,
      { grant_type: 'client_credentials', resource: REPORTS },
      basicAuth(m2m.id, m2m.secret),
    );
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(decodeJwt(plain.body.access_token).aud).toBe(REPORTS);
  });

  // Applications join organizations through their own relation; until it is stored, no app belongs to one.
  it.skipIf(!applicationsJoinOrganizations)(
    'issues an organization token to a machine-to-machine app of the organization, from its organization roles',
    async () => {
      const { api, org, scopeIds } = scene;
      const m2m = ok(
        await api.POST('/api/applications', { body: { name: 'Sync job', type: 'MachineToMachine' } }),
        200,
      ) as { id: string; secret: string };
      const organizationScopeIds = [scopeIds['read:member'] as string, scopeIds['delete:org'] as string];
      const body = {
        name: 'sync',
        type: 'MachineToMachine' as const,
        organizationScopeIds,
        resourceScopeIds: [scene.apiRead],
      };
      const roleId = ok(await api.POST('/api/organization-roles', { body })).id;
      const path = { id: org.acme };
      ok(
        await api.POST('/api/organizations/{id}/applications', {
          params: { path },
          body: { applicationIds: [m2m.id] },
        }),
      );
      ok(
        await api.POST('/api/organizations/{id}/applications/{applicationId}/roles', {
          params: { path: { ...path, applicationId: m2m.id } },
          body: { organizationRoleIds: [roleId] },
        }),
      );
      const token = (form: Record<string, string>) =>
        postForm(`${scene.issuer}/token`, { grant_type: 'client_credentials', ...form }, basicAuth(m2m.id, m2m.secret));

      const issued = await token({ organization_id: org.acme, scope: 'read:member write:member delete:org' });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      const payload = await verifyFor(issued.body.access_token, org.acme);
      expect(payload.sub).toBe(m2m.id);
      expect(String(payload.scope).split(' ').sort()).toEqual(['delete:org', 'read:member']);

      const resource = await token({ organization_id: org.acme, resource: REPORTS, scope: 'api:read api:write' });
      expect(resource.status, JSON.stringify(resource.body)).toBe(200);
      expect(await verify(resource.body.access_token, REPORTS)).toMatchObject({
        scope: 'api:read',
        organization_id: org.acme,
      });

      const elsewhere = await token({ organization_id: org.globex, scope: 'read:member' });
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.error_description).toBe('app has not associated with the organization');
    },
  );

  it('keeps the plain refresh grant as it was', async () => {
    const refresh = await session();
    const plain = await refresh({});
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(decodeJwt(plain.body.access_token).aud).toBe(ORGANIZATION_RESOURCE);
  });
});
