/**
 * Organization tokens as Logto issues them: a member signed in with `urn:logto:scope:organizations` sees the
 * organizations (and with `urn:logto:scope:organization_roles` the roles) in the ID token and user info, and trades
 * the refresh token for an organization's access token holding the permissions the member's organization roles
 * grant. Non-members, organizations of another tenant and organizations requiring MFA of a user without it are
 * refused.
 */
import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { uris } from './logto-contract-shapes.js';
import {
  Browser,
  basicAuth,
  formAction,
  pkce,
  postForm,
  type RunningServer,
  registerFirstAdmin,
  startServer,
} from './oidc-helpers.js';
import { PASSWORD } from './oidc-sign-in-steps.js';
import { type UsersClient, usersClient } from './user-sign-in.js';
import { createUser } from './users.js';

const CALLBACK = 'https://notes.example.com/callback';
const ORGANIZATIONS = 'urn:logto:scope:organizations';
const ORGANIZATION_ROLES = 'urn:logto:scope:organization_roles';
const ORGANIZATION_RESOURCE = 'urn:logto:resource:organizations';
const REPORTS = 'https://reports.example.com';

describe.each(databases())('organization tokens on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let api: UsersClient;
  let issuer: string;
  let appId: string;
  /** Organizations by name: `acme` (the member is an admin there), `globex` (a plain member), `initech` (none). */
  const org: Record<string, string> = {};
  let memberId: string;
  let member: string;

  const ok = <T extends { response: Response; data?: unknown; error?: unknown }>(answer: T, status = 201) => {
    expect(answer.response.status, JSON.stringify(answer.error)).toBe(status);
    return answer.data as { id: string };
  };

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    issuer = `${server.origin}/oidc`;
    const admin = await registerFirstAdmin(server.origin, 'admin', PASSWORD);
    api = usersClient(server.origin, '', { authorization: `Bearer ${admin.access_token}` });

    // An API resource whose `api:read` permission the organization's admin role grants.
    const resource = ok(await api.POST('/api/resources', { body: { name: 'Reports', indicator: REPORTS } })).id;
    const apiRead = ok(
      await api.POST('/api/resources/{resourceId}/scopes', {
        params: { path: { resourceId: resource } },
        body: { name: 'api:read' },
      }),
    ).id;
    ok(
      await api.POST('/api/resources/{resourceId}/scopes', {
        params: { path: { resourceId: resource } },
        body: { name: 'api:write' },
      }),
    );

    // The organization template: three permissions, two roles.
    const scope: Record<string, string> = {};
    for (const name of ['read:member', 'write:member', 'delete:org']) {
      scope[name] = ok(await api.POST('/api/organization-scopes', { body: { name } })).id;
    }
    const role = async (name: string, scopes: string[], resourceScopeIds: string[] = []) => {
      const organizationScopeIds = scopes.map((name) => scope[name] as string);
      const body = { name, organizationScopeIds, resourceScopeIds };
      return ok(await api.POST('/api/organization-roles', { body })).id;
    };
    const roles = {
      admin: await role('admin', ['read:member', 'write:member'], [apiRead]),
      viewer: await role('viewer', ['read:member']),
    };

    member = unique('member_');
    memberId = (await createUser(db, 'default', { username: member, password: PASSWORD })).id;
    for (const name of ['acme', 'globex', 'initech']) {
      org[name] = ok(await api.POST('/api/organizations', { body: { name } })).id;
    }
    const join = async (organization: string, roleId: string) => {
      const id = org[organization] as string;
      ok(await api.POST('/api/organizations/{id}/users', { params: { path: { id } }, body: { userIds: [memberId] } }));
      ok(
        await api.POST('/api/organizations/{id}/users/{userId}/roles', {
          params: { path: { id, userId: memberId } },
          body: { organizationRoleIds: [roleId] },
        }),
      );
    };
    await join('acme', roles.admin);
    await join('globex', roles.viewer);

    appId = ok(
      await api.POST('/api/applications', {
        body: {
          name: 'Notes',
          type: 'SPA',
          oidcClientMetadata: { redirectUris: uris(CALLBACK), postLogoutRedirectUris: [] },
        },
      }),
      200,
    ).id;
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  /**
   * Signs the member in to the app (a first-party SPA unless `client` names another, a third party's, whose consent
   * page the member accepts) and exchanges the code.
   */
  const signIn = async (scope: string, resource?: string, client?: string) => {
    const clientId = client ?? appId;
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const state = randomBytes(8).toString('hex');
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      // Asked for, as the refresh token (`offline_access`) is only granted with consent; the app is first-party.
      prompt: 'consent',
      ...(resource ? { resource } : {}),
    });
    const page = await browser.follow(`${issuer}/auth?${params}`);
    const submitted = await browser.post(formAction(page.text, server.origin, '/sign-in'), {
      identifier: member,
      password: PASSWORD,
    });
    expect(submitted.status, submitted.text).toBe(303);
    let back = await browser.follow(submitted.location as string, CALLBACK);
    if (client) {
      const allowed = await browser.post(formAction(back.text, server.origin, '/consent'), {});
      back = await browser.follow(allowed.location as string, CALLBACK);
    }
    const code = new URL(back.location as string).searchParams.get('code') ?? '';
    const tokens = await postForm(`${issuer}/token`, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
      client_id: clientId,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    return tokens.body as { access_token: string; refresh_token: string; id_token: string };
  };

  const FULL_SCOPE = `openid offline_access ${ORGANIZATIONS} ${ORGANIZATION_ROLES} read:member write:member delete:org`;

  /** The refresh token of a member signed in for organization tokens; each refresh hands back the next one. */
  const session = async (scope = FULL_SCOPE) => {
    let refreshToken = (await signIn(scope, ORGANIZATION_RESOURCE)).refresh_token;
    return async (extra: Record<string, string>) => {
      const answer = await postForm(`${issuer}/token`, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: appId,
        ...extra,
      });
      if (answer.status === 200) refreshToken = answer.body.refresh_token ?? refreshToken;
      return answer;
    };
  };

  const verifyFor = async (token: string, organizationId: string) =>
    (
      await jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
        issuer,
        audience: `urn:logto:organization:${organizationId}`,
      })
    ).payload;

  it('puts the member’s organizations and organization roles in the ID token and the user info', async () => {
    const tokens = await signIn(`openid ${ORGANIZATIONS} ${ORGANIZATION_ROLES}`);
    const claims = decodeJwt(tokens.id_token);
    expect([...(claims.organizations as string[])].sort()).toEqual([org.acme, org.globex].sort());
    expect([...(claims.organization_roles as string[])].sort()).toEqual(
      [`${org.acme}:admin`, `${org.globex}:viewer`].sort(),
    );

    const info = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(info.status).toBe(200);
    const body = (await info.json()) as { sub: string; organizations: string[]; organization_roles: string[] };
    expect(body.sub).toBe(memberId);
    expect([...body.organizations].sort()).toEqual([org.acme, org.globex].sort());
    expect([...body.organization_roles].sort()).toEqual([`${org.acme}:admin`, `${org.globex}:viewer`].sort());
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
    const acme = await refresh({ organization_id: org.acme as string });
    expect(acme.status, JSON.stringify(acme.body)).toBe(200);
    const payload = await verifyFor(acme.body.access_token, org.acme as string);
    expect(payload.sub).toBe(memberId);
    expect(String(payload.scope).split(' ').sort()).toEqual(['read:member', 'write:member']);
    expect(acme.body.scope.split(' ').sort()).toEqual(['read:member', 'write:member']);

    const narrowed = await refresh({ organization_id: org.acme as string, scope: 'write:member' });
    expect((await verifyFor(narrowed.body.access_token, org.acme as string)).scope).toBe('write:member');

    const globex = await refresh({ organization_id: org.globex as string });
    const globexPayload = await verifyFor(globex.body.access_token, org.globex as string);
    expect(globexPayload.scope).toBe('read:member');
    // One organization's token is no other organization's.
    await expect(verifyFor(globex.body.access_token, org.acme as string)).rejects.toThrow();
  });

  it('refuses an organization the user is not a member of, or another tenant’s', async () => {
    // Another tenant's organization, its member a copy of the user (same id) in that tenant.
    await db.exec(`
      INSERT INTO users SELECT (jsonb_populate_record(NULL::users, to_jsonb(u) || '{"tenant_id": "other"}')).*
        FROM users u WHERE tenant_id = 'default' AND id = '${memberId}';
      INSERT INTO organizations (tenant_id, id, name) VALUES ('other', 'otherorg', 'Elsewhere');
      INSERT INTO organization_user_relations (tenant_id, organization_id, user_id) VALUES ('other', 'otherorg', '${memberId}');
    `);
    const refresh = await session();
    for (const organizationId of [org.initech as string, 'otherorg', 'nothing-here']) {
      const refused = await refresh({ organization_id: organizationId });
      expect(refused.status, organizationId).toBe(403);
      expect(refused.body).toMatchObject({
        error: 'access_denied',
        error_description: 'user is not a member of the organization',
      });
    }
    // The refusals left the refresh token usable.
    expect((await refresh({ organization_id: org.acme as string })).status).toBe(200);
  });

  it('grants no organization to a third party’s app', async () => {
    const created = await api.POST('/api/applications', {
      body: {
        name: 'Partner portal',
        type: 'SPA',
        isThirdParty: true,
        oidcClientMetadata: { redirectUris: uris(CALLBACK), postLogoutRedirectUris: [] },
      },
    });
    const partner = ok(created, 200).id;
    const { refresh_token } = await signIn(FULL_SCOPE, ORGANIZATION_RESOURCE, partner);
    const refused = await postForm(`${issuer}/token`, {
      grant_type: 'refresh_token',
      refresh_token,
      client_id: partner,
      organization_id: org.acme as string,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'access_denied',
      error_description: 'organization access is not granted to the application',
    });
  });

  it('refuses an organization token to a refresh token issued without the organizations scope', async () => {
    const refresh = await session('openid offline_access read:member');
    const refused = await refresh({ organization_id: org.acme as string });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'insufficient_scope', scope: ORGANIZATIONS });
  });

  it('issues an API resource’s token with what the member’s roles in the named organization grant', async () => {
    let refreshToken = (await signIn(`openid offline_access ${ORGANIZATIONS} api:read api:write`, REPORTS))
      .refresh_token;
    const refresh = async (organizationId: string) => {
      const answer = await postForm(`${issuer}/token`, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: appId,
        resource: REPORTS,
        organization_id: organizationId,
      });
      if (answer.status === 200) refreshToken = answer.body.refresh_token;
      return answer;
    };
    const acme = await refresh(org.acme as string);
    expect(acme.status, JSON.stringify(acme.body)).toBe(200);
    const { payload } = await jwtVerify(acme.body.access_token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
      issuer,
      audience: REPORTS,
    });
    expect(payload).toMatchObject({ sub: memberId, scope: 'api:read', organization_id: org.acme });
    // The viewer role of the other organization grants nothing of the resource.
    const globex = await refresh(org.globex as string);
    expect(globex.status).toBe(200);
    expect(decodeJwt(globex.body.access_token).scope).toBeFalsy();
    const refused = await refresh(org.initech as string);
    expect(refused.status).toBe(403);
    expect(refused.body.error_description).toBe('user is not a member of the organization');
  });

  it('refuses an organization that requires MFA until the member has a factor', async () => {
    const id = org.globex as string;
    ok(await api.PATCH('/api/organizations/{id}', { params: { path: { id } }, body: { isMfaRequired: true } }), 200);
    const refresh = await session();
    const refused = await refresh({ organization_id: id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'access_denied',
      error_description: 'organization requires MFA but user has no MFA configured',
    });
    // Other organizations are unaffected.
    expect((await refresh({ organization_id: org.acme as string })).status).toBe(200);

    ok(
      await api.POST('/api/users/{userId}/mfa-verifications', {
        params: { path: { userId: memberId } },
        body: { type: 'Totp' },
      }),
      200,
    );
    const granted = await refresh({ organization_id: id });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await verifyFor(granted.body.access_token, id)).scope).toBe('read:member');
  });

  it('refuses an organization token to a machine-to-machine app outside the organization', async () => {
    const created = await api.POST('/api/applications', { body: { name: 'Billing job', type: 'MachineToMachine' } });
    const m2m = ok(created, 200) as { id: string; secret: string };
    for (const extra of [{}, { resource: REPORTS, scope: 'api:read' }] as Record<string, string>[]) {
      const refused = await postForm(
        `${issuer}/token`,
        { grant_type: 'client_credentials', organization_id: org.acme as string, scope: 'read:member', ...extra },
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
      `${issuer}/token`,
      { grant_type: 'client_credentials', resource: REPORTS },
      basicAuth(m2m.id, m2m.secret),
    );
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(decodeJwt(plain.body.access_token).aud).toBe(REPORTS);
  });

  it('keeps the plain refresh grant as it was', async () => {
    const refresh = await session();
    const plain = await refresh({});
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(decodeJwt(plain.body.access_token).aud).toBe(ORGANIZATION_RESOURCE);
  });
});
