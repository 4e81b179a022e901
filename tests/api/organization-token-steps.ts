/**
 * The scene of the organization token tests: an organization template (permissions, roles, one granting an API
 * resource's permission), three organizations, a member of two of them, a first-party app, and the steps that sign
 * the member in and trade the refresh token.
 */
import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { unique } from './harness.js';
import { uris } from './logto-contract-shapes.js';
import { Browser, formAction, pkce, postForm, type RunningServer, registerFirstAdmin } from './oidc-helpers.js';
import { PASSWORD } from './oidc-sign-in-steps.js';
import { type UsersClient, usersClient } from './user-sign-in.js';
import { createUser } from './users.js';

export const CALLBACK = 'https://notes.example.com/callback';
export const ORGANIZATIONS = 'urn:logto:scope:organizations';
export const ORGANIZATION_ROLES = 'urn:logto:scope:organization_roles';
export const ORGANIZATION_RESOURCE = 'urn:logto:resource:organizations';
export const REPORTS = 'https://reports.example.com';
export const FULL_SCOPE = `openid offline_access ${ORGANIZATIONS} ${ORGANIZATION_ROLES} read:member write:member delete:org`;

/** The answer of a typed call, checked for its status; its body's id. */
export const ok = <T extends { response: Response; data?: unknown; error?: unknown }>(answer: T, status = 201) => {
  expect(answer.response.status, JSON.stringify(answer.error)).toBe(status);
  return answer.data as { id: string };
};

export interface OrganizationScene {
  server: RunningServer;
  issuer: string;
  /** The default tenant's management API, as its first administrator. */
  api: UsersClient;
  appId: string;
  /** Organizations by name: `acme` (the member is an admin there), `globex` (a viewer), `initech` (none). */
  org: Record<'acme' | 'globex' | 'initech', string>;
  member: string;
  memberId: string;
  /** Ids of the organization permissions by name, and of the API resource's `api:read`. */
  scopeIds: Record<string, string>;
  apiRead: string;
}

export const setUpOrganizations = async (server: RunningServer, db: Database): Promise<OrganizationScene> => {
  const admin = await registerFirstAdmin(server.origin, 'admin', PASSWORD);
  const api = usersClient(server.origin, '', { authorization: `Bearer ${admin.access_token}` });

  // An API resource whose `api:read` permission the organizations' admin role grants.
  const resourceId = ok(await api.POST('/api/resources', { body: { name: 'Reports', indicator: REPORTS } })).id;
  const apiScope = async (name: string) =>
    ok(await api.POST('/api/resources/{resourceId}/scopes', { params: { path: { resourceId } }, body: { name } })).id;
  const apiRead = await apiScope('api:read');
  await apiScope('api:write');

  // The organization template: three permissions, two roles.
  const scope: Record<string, string> = {};
  for (const name of ['read:member', 'write:member', 'delete:org']) {
    scope[name] = ok(await api.POST('/api/organization-scopes', { body: { name } })).id;
  }
  const role = async (name: string, scopes: string[], resourceScopeIds: string[] = []) => {
    const organizationScopeIds = scopes.map((name) => scope[name] as string);
    return ok(await api.POST('/api/organization-roles', { body: { name, organizationScopeIds, resourceScopeIds } })).id;
  };
  const roles = {
    admin: await role('admin', ['read:member', 'write:member'], [apiRead]),
    viewer: await role('viewer', ['read:member']),
  };

  const member = unique('member_');
  const memberId = (await createUser(db, 'default', { username: member, password: PASSWORD })).id;
  const organization = async (name: string) => ok(await api.POST('/api/organizations', { body: { name } })).id;
  const org = {
    acme: await organization('acme'),
    globex: await organization('globex'),
    initech: await organization('initech'),
  };
  const join = async (id: string, roleId: string) => {
    ok(await api.POST('/api/organizations/{id}/users', { params: { path: { id } }, body: { userIds: [memberId] } }));
    ok(
      await api.POST('/api/organizations/{id}/users/{userId}/roles', {
        params: { path: { id, userId: memberId } },
        body: { organizationRoleIds: [roleId] },
      }),
    );
  };
  await join(org.acme, roles.admin);
  await join(org.globex, roles.viewer);

  const app = await api.POST('/api/applications', {
    body: {
      name: 'Notes',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: uris(CALLBACK), postLogoutRedirectUris: [] },
    },
  });
  const appId = ok(app, 200).id;
  return { server, issuer: `${server.origin}/oidc`, api, appId, org, member, memberId, scopeIds: scope, apiRead };
};

export const organizationTokenSteps = (scene: () => OrganizationScene) => {
  /**
   * Signs the member in to the app (the first-party SPA unless `client` names another, a third party's, whose
   * consent page the member accepts) and exchanges the code.
   */
  const signIn = async (scope: string, resource?: string, client?: string) => {
    const { server, issuer, appId, member } = scene();
    const clientId = client ?? appId;
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
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
    const tokens = await postForm(`${issuer}/token`, {
      grant_type: 'authorization_code',
      code: new URL(back.location as string).searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: CALLBACK,
      client_id: clientId,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    return tokens.body as { access_token: string; refresh_token: string; id_token: string };
  };

  /**
   * Signs the member in for organization tokens; the answer trades the refresh token at the token endpoint with the
   * given parameters, each success handing over the next refresh token.
   */
  const session = async (scope = FULL_SCOPE, resource = ORGANIZATION_RESOURCE) => {
    let refreshToken = (await signIn(scope, resource)).refresh_token;
    return async (extra: Record<string, string>) => {
      const answer = await postForm(`${scene().issuer}/token`, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: scene().appId,
        ...extra,
      });
      if (answer.status === 200) refreshToken = answer.body.refresh_token ?? refreshToken;
      return answer;
    };
  };

  /** The claims of a token verified with the tenant's keys, for the audience given. */
  const verify = async (token: string, audience: string) => {
    const { issuer } = scene();
    return (await jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), { issuer, audience })).payload;
  };
  const verifyFor = (token: string, organizationId: string) =>
    verify(token, `urn:logto:organization:${organizationId}`);

  return { signIn, session, verify, verifyFor };
};
