/**
 * What a third-party application may ask its users for (`/api/applications/{id}/user-consent-scopes`) through a
 * client typed by Logto's Management API, and what the provider then offers it: an OpenID scope it was not given is
 * refused (`invalid_scope`), an API permission it was not given is neither shown on the consent page nor granted.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { Browser, formAction, pkce, postForm } from './oidc-helpers.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { usersClient } from './user-sign-in.js';
import { createUser } from './users.js';

const PARTNER = 'https://partner.example.com/callback';
const REPORTS = 'https://reports.example.com';

describe.each(databases())('third-party consent scopes on $name', (target) => {
  const pages = useSignInPages(target);
  const client = () => usersClient(pages.origin());
  const at = (applicationId: string) => ({ params: { path: { applicationId } } });
  const newApp = async (isThirdParty: boolean) => {
    const made = await client().POST('/api/applications', {
      body: {
        name: unique('Partner '),
        type: 'SPA',
        isThirdParty,
        oidcClientMetadata: { redirectUris: [PARTNER], postLogoutRedirectUris: [] },
      } as never,
    });
    return made.data?.id ?? '';
  };
  const resourceWithScopes = async () => {
    const resource = await client().POST('/api/resources', {
      body: { name: unique('Reports '), indicator: unique(`${REPORTS}/`) },
    });
    const resourceId = resource.data?.id ?? '';
    const scope = async (name: string) =>
      (await client().POST('/api/resources/{resourceId}/scopes', { params: { path: { resourceId } }, body: { name } }))
        .data?.id ?? '';
    return {
      indicator: resource.data?.indicator ?? '',
      resourceId,
      read: await scope('read:reports'),
      write: await scope('write:reports'),
    };
  };

  it('ListApplicationUserConsentScopes, CreateApplicationUserConsentScope, DeleteApplicationUserConsentScope', async () => {
    const appId = await newApp(true);
    const reports = await resourceWithScopes();
    const orgScope = await client().POST('/api/organization-scopes', { body: { name: unique('read:org') } });
    const body = {
      organizationScopes: [orgScope.data?.id ?? ''],
      resourceScopes: [reports.read],
      userScopes: ['profile', 'email'] as ('profile' | 'email')[],
    };
    const added = await client().POST('/api/applications/{applicationId}/user-consent-scopes', { ...at(appId), body });
    expect(added.response.status, JSON.stringify(added.error)).toBe(201);
    // Adding what it has changes nothing.
    expect(
      (await client().POST('/api/applications/{applicationId}/user-consent-scopes', { ...at(appId), body })).response
        .status,
    ).toBe(201);
    const listed = await client().GET('/api/applications/{applicationId}/user-consent-scopes', at(appId));
    expect(listed.data).toMatchObject({
      organizationScopes: [{ id: orgScope.data?.id, name: orgScope.data?.name }],
      resourceScopes: [
        {
          resource: { id: reports.resourceId, indicator: reports.indicator },
          scopes: [{ id: reports.read, name: 'read:reports' }],
        },
      ],
      organizationResourceScopes: [],
      userScopes: ['profile', 'email'],
    });

    const refuse = async (id: string, extra: Record<string, unknown>, code: string) => {
      const answer = await client().POST('/api/applications/{applicationId}/user-consent-scopes', {
        ...at(id),
        body: extra as never,
      });
      expect(answer.response.status, code).toBe(422);
      expect(answer.error).toMatchObject({ code });
      return answer.error as unknown as { data?: unknown };
    };
    await refuse(await newApp(false), { userScopes: ['profile'] }, 'application.third_party_application_only');
    const missing = await refuse(appId, { resourceScopes: ['nope'] }, 'application.user_consent_scopes_not_found');
    expect(missing.data).toMatchObject({ invalidResourceScopes: ['nope'] });
    const management = await client().GET('/api/resources', { params: { query: { page_size: 100 } } });
    const managementId =
      management.data?.find(({ indicator }) => indicator.includes('gatehouse.internal/api'))?.id ?? '';
    const all = await client().GET('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId: managementId } },
    });
    await refuse(
      appId,
      { resourceScopes: [all.data?.[0]?.id ?? ''] },
      'application.consent_management_api_scopes_not_allowed',
    );

    const path = (scopeType: 'user-scopes', scopeId: string) => ({
      params: { path: { applicationId: appId, scopeType, scopeId } },
    });
    expect(
      (
        await client().DELETE(
          '/api/applications/{applicationId}/user-consent-scopes/{scopeType}/{scopeId}',
          path('user-scopes', 'email'),
        )
      ).response.status,
    ).toBe(204);
    expect(
      (
        await client().DELETE(
          '/api/applications/{applicationId}/user-consent-scopes/{scopeType}/{scopeId}',
          path('user-scopes', 'email'),
        )
      ).response.status,
    ).toBe(404);
    expect(
      (await client().GET('/api/applications/{applicationId}/user-consent-scopes', at(appId))).data?.userScopes,
    ).toEqual(['profile']);
  });

  it('offers a third-party app only its consent scopes: others refused or left out of consent and token', async () => {
    const appId = await newApp(true);
    const reports = await resourceWithScopes();
    const role = await client().POST('/api/roles', {
      body: { name: unique('analyst '), description: 'Reads and writes', scopeIds: [reports.read, reports.write] },
    });
    const username = unique('member_');
    const user = await createUser(pages.db(), 'default', { username, password: PASSWORD });
    await client().POST('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [role.data?.id ?? ''] },
    });
    await client().POST('/api/applications/{applicationId}/user-consent-scopes', {
      ...at(appId),
      body: { userScopes: ['profile'], resourceScopes: [reports.read] },
    });
    const authorize = (browser: Browser, scope: string) => {
      const { verifier, challenge } = pkce();
      const params = new URLSearchParams({
        client_id: appId,
        redirect_uri: PARTNER,
        response_type: 'code',
        scope,
        resource: reports.indicator,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: randomBytes(4).toString('hex'),
      });
      return { verifier, opened: browser.follow(`${pages.origin()}/oidc/auth?${params}`, PARTNER) };
    };
    const refused = await authorize(new Browser(), 'openid email').opened;
    expect(new URL(refused.location ?? '').searchParams.get('error')).toBe('invalid_scope');

    const browser = new Browser();
    const { verifier, opened } = authorize(browser, 'openid profile read:reports write:reports');
    const page = await opened;
    const submitted = await browser.post(formAction(page.text, pages.origin(), '/sign-in'), {
      identifier: username,
      password: PASSWORD,
    });
    const consent = await browser.follow(submitted.location ?? '', PARTNER);
    expect(consent.text).toContain('read:reports');
    expect(consent.text).not.toContain('write:reports');
    const allowed = await browser.post(formAction(consent.text, pages.origin(), '/consent'), {});
    const back = new URL((await browser.follow(allowed.location ?? '', PARTNER)).location ?? '');
    const tokens = await postForm(`${pages.origin()}/oidc/token`, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: PARTNER,
      client_id: appId,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(tokens.body.scope).toBe('read:reports');
  });
});
