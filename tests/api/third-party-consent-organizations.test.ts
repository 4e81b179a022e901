/**
 * The organizations a user lets a third-party application reach (`/api/applications/{id}/users/{userId}/
 * consent-organizations`) through a client typed by Logto's Management API, and what they open: the application gets
 * the user's organization token for those organizations only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { uris } from './logto-contract-shapes.js';
import { Browser, formAction, pkce, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { PASSWORD } from './oidc-sign-in-steps.js';
import {
  CALLBACK,
  FULL_SCOPE,
  ORGANIZATION_RESOURCE,
  ORGANIZATION_ROLES,
  ORGANIZATIONS,
  type OrganizationScene,
  ok,
  organizationTokenSteps,
  setUpOrganizations,
} from './organization-token-steps.js';

describe.each(databases())('third-party consent organizations on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let scene: OrganizationScene;
  let partner: string;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    scene = await setUpOrganizations(server, db);
    const created = await scene.api.POST('/api/applications', {
      body: {
        name: 'Partner portal',
        type: 'SPA',
        isThirdParty: true,
        oidcClientMetadata: { redirectUris: uris(CALLBACK), postLogoutRedirectUris: [] },
      },
    });
    partner = ok(created, 200).id;
    await scene.api.POST('/api/applications/{applicationId}/user-consent-scopes', {
      params: { path: { applicationId: partner } },
      body: { userScopes: [ORGANIZATIONS, ORGANIZATION_ROLES] },
    });
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const { signIn } = organizationTokenSteps(() => scene);
  const at = (id: string, userId: string) => ({ params: { path: { id, userId } } });
  const consented = async (query: { page?: number; page_size?: number } = {}) => {
    const listed = await scene.api.GET('/api/applications/{id}/users/{userId}/consent-organizations', {
      params: { path: { id: partner, userId: scene.memberId }, query },
    });
    expect(listed.response.status, JSON.stringify(listed.error)).toBe(200);
    return { ids: listed.data?.organizations.map(({ id }) => id), total: listed.response.headers.get('total-number') };
  };

  it('List, Replace, Create and DeleteApplicationUserConsentOrganization, with Logto’s refusals', async () => {
    const path = at(partner, scene.memberId);
    expect(await consented()).toEqual({ ids: [], total: '0' });
    const put = await scene.api.PUT('/api/applications/{id}/users/{userId}/consent-organizations', {
      ...path,
      body: { organizationIds: [scene.org.acme] },
    });
    expect(put.response.status, JSON.stringify(put.error)).toBe(204);
    const post = await scene.api.POST('/api/applications/{id}/users/{userId}/consent-organizations', {
      ...path,
      body: { organizationIds: [scene.org.globex] },
    });
    expect(post.response.status).toBe(201);
    expect(await consented()).toEqual({ ids: [scene.org.acme, scene.org.globex], total: '2' });
    expect(await consented({ page: 2, page_size: 1 })).toEqual({ ids: [scene.org.globex], total: '2' });

    // An organization the user is not a member of; a first-party application; a user the tenant does not have.
    const notMember = await scene.api.POST('/api/applications/{id}/users/{userId}/consent-organizations', {
      ...path,
      body: { organizationIds: [scene.org.initech] },
    });
    expect(notMember.response.status).toBe(422);
    expect(notMember.error).toMatchObject({ code: 'organization.require_membership' });
    const firstParty = await scene.api.GET(
      '/api/applications/{id}/users/{userId}/consent-organizations',
      at(scene.appId, scene.memberId),
    );
    expect(firstParty.response.status).toBe(422);
    expect(firstParty.error).toMatchObject({ code: 'application.third_party_application_only' });
    const nobody = await scene.api.GET(
      '/api/applications/{id}/users/{userId}/consent-organizations',
      at(partner, 'nobody'),
    );
    expect(nobody.response.status).toBe(404);

    const remove = () =>
      scene.api.DELETE('/api/applications/{id}/users/{userId}/consent-organizations/{organizationId}', {
        params: { path: { id: partner, userId: scene.memberId, organizationId: scene.org.globex } },
      });
    expect((await remove()).response.status).toBe(204);
    expect((await remove()).response.status).toBe(404);
    expect(await consented()).toEqual({ ids: [scene.org.acme], total: '1' });
  });

  it('gives the third-party application organization tokens for the consented organizations only', async () => {
    let { refresh_token: refreshToken } = await signIn(FULL_SCOPE, ORGANIZATION_RESOURCE, partner);
    // The consent page was allowed with no organization picked: the application reaches none.
    expect(await consented()).toEqual({ ids: [], total: '0' });
    await scene.api.PUT('/api/applications/{id}/users/{userId}/consent-organizations', {
      ...at(partner, scene.memberId),
      body: { organizationIds: [scene.org.acme] },
    });
    const organizationToken = (organizationId: string) =>
      postForm(`${scene.issuer}/token`, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: partner,
        organization_id: organizationId,
      });
    const granted = await organizationToken(scene.org.acme);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    // The refresh token was rotated by its use.
    refreshToken = granted.body.refresh_token ?? refreshToken;
    const refused = await organizationToken(scene.org.globex);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'access_denied' });
  });

  it('keeps the organizations the user picks on the consent page, among their own', async () => {
    const browser = new Browser();
    const { challenge } = pkce();
    const params = new URLSearchParams({
      client_id: partner,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: FULL_SCOPE,
      resource: ORGANIZATION_RESOURCE,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'xyz',
    });
    const page = await browser.follow(`${scene.issuer}/auth?${params}`);
    const submitted = await browser.post(formAction(page.text, scene.server.origin, '/sign-in'), {
      identifier: scene.member,
      password: PASSWORD,
    });
    const consent = await browser.follow(submitted.location ?? '', CALLBACK);
    for (const id of [scene.org.acme, scene.org.globex]) expect(consent.text).toContain(`value="${id}"`);
    expect(consent.text).not.toContain(`value="${scene.org.initech}"`);
    const allowed = await browser.post(formAction(consent.text, scene.server.origin, '/consent'), {
      organizationIds: scene.org.globex,
    });
    expect(allowed.status).toBe(303);
    expect(await consented()).toEqual({ ids: [scene.org.globex], total: '1' });
  });
});
