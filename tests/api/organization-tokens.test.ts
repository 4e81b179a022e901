/**
 * Organization tokens as Logto issues them: a member signed in with `urn:logto:scope:organizations` sees the
 * organizations (and with `urn:logto:scope:organization_roles` the roles) in the ID token and user info, and trades
 * the refresh token for an organization's access token holding the permissions the member's organization roles
 * grant. Non-members, organizations of another tenant and organizations requiring MFA of a user without it are
 * refused.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { uris } from './logto-contract-shapes.js';
import { postForm, type RunningServer, startServer } from './oidc-helpers.js';
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
    await scene.api.POST('/api/applications/{applicationId}/user-consent-scopes', {
      params: { path: { applicationId: partner } },
      body: { userScopes: [ORGANIZATIONS, ORGANIZATION_ROLES] },
    });
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

  it('keeps the plain refresh grant as it was', async () => {
    const refresh = await session();
    const plain = await refresh({});
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(decodeJwt(plain.body.access_token).aud).toBe(ORGANIZATION_RESOURCE);
  });
});
