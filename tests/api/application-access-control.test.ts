/**
 * Logto's app-level access control: the rules of an application (`/api/applications/{id}/access-control`) through a
 * client typed by Logto's Management API, and what they do: with access control enabled, only the users they name
 * (by id, role, organization or organization role) get the application's tokens or a sign-in to it.
 */
import { describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { basicAuth, postForm } from './oidc-helpers.js';
import { CALLBACK, PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { usersClient } from './user-sign-in.js';
import { createUser } from './users.js';

const NONE = { userIds: [], userRoleIds: [], organizationIds: [], organizationRoleRules: [] };

describe.each(databases())('application access control on $name', (target) => {
  const pages = useSignInPages(target);
  const client = () => usersClient(pages.origin());
  const rulesPath = (applicationId: string) => ({ params: { path: { applicationId } } });
  const newApp = async (body: Record<string, unknown> = {}) => {
    const made = await client().POST('/api/applications', {
      body: {
        name: unique('Desk '),
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: ['https://desk.example.com/cb'], postLogoutRedirectUris: [] },
        customClientMetadata: { allowTokenExchange: true },
        ...body,
      } as never,
    });
    return { id: made.data?.id ?? '', secret: made.data?.secret ?? '' };
  };

  it('GetApplicationAccessControl and ReplaceApplicationAccessControl, with Logto’s rules for a body', async () => {
    const app = await newApp();
    const empty = await client().GET('/api/applications/{applicationId}/access-control', rulesPath(app.id));
    expect(empty.data).toEqual(NONE);
    expect(
      (await client().GET('/api/applications/{applicationId}/access-control', rulesPath('nope'))).response.status,
    ).toBe(404);

    const user = await createUser(pages.db(), 'default', { username: unique('u_'), password: PASSWORD });
    const org = await client().POST('/api/organizations', { body: { name: unique('org ') } });
    const role = await client().POST('/api/organization-roles', {
      body: { name: unique('lead '), organizationScopeIds: [], resourceScopeIds: [] },
    });
    const orgId = org.data?.id ?? '';
    const roleId = role.data?.id ?? '';
    const replaced = await client().PUT('/api/applications/{applicationId}/access-control', {
      ...rulesPath(app.id),
      body: {
        userIds: [user.id, user.id],
        userRoleIds: [],
        organizationIds: [],
        organizationRoleRules: [
          { organizationId: orgId, organizationRoleIds: [roleId] },
          { organizationId: orgId, organizationRoleIds: [roleId] },
        ],
      },
    });
    expect(replaced.response.status, JSON.stringify(replaced.error)).toBe(200);
    const merged = {
      ...NONE,
      userIds: [user.id],
      organizationRoleRules: [{ organizationId: orgId, organizationRoleIds: [roleId] }],
    };
    expect(replaced.data).toEqual(merged);
    expect((await client().GET('/api/applications/{applicationId}/access-control', rulesPath(app.id))).data).toEqual(
      merged,
    );

    const refuse = async (body: Record<string, unknown>, code: string) => {
      const answer = await client().PUT('/api/applications/{applicationId}/access-control', {
        ...rulesPath(app.id),
        body: { ...NONE, ...body } as never,
      });
      expect(answer.response.status, JSON.stringify(body)).toBe(422);
      expect(answer.error).toMatchObject({ code });
    };
    await refuse(
      { organizationRoleRules: [{ organizationId: orgId, organizationRoleIds: [] }] },
      'request.invalid_input',
    );
    await refuse({ userIds: ['no-such-user'] }, 'entity.relation_foreign_key_not_found');
    expect((await client().GET('/api/applications/{applicationId}/access-control', rulesPath(app.id))).data).toEqual(
      merged,
    );

    // Enabled, the rules keep at least one; an application without rules cannot enable it.
    const enabled = await client().PATCH('/api/applications/{id}', {
      params: { path: { id: app.id } },
      body: { appLevelAccessControlEnabled: true } as never,
    });
    expect(enabled.response.status, JSON.stringify(enabled.error)).toBe(200);
    await refuse({}, 'request.invalid_input');
    const bare = await newApp();
    const cannot = await client().PATCH('/api/applications/{id}', {
      params: { path: { id: bare.id } },
      body: { appLevelAccessControlEnabled: true } as never,
    });
    expect(cannot.response.status).toBe(422);
    expect(cannot.error).toMatchObject({ code: 'request.invalid_input' });
  });

  it("issues the application's tokens only to the users its rules name, once it enables them", async () => {
    const app = await newApp();
    const user = await createUser(pages.db(), 'default', { username: unique('u_'), password: PASSWORD });
    const other = await createUser(pages.db(), 'default', { username: unique('u_'), password: PASSWORD });
    const exchange = async (userId: string) => {
      const made = await client().POST('/api/subject-tokens', { body: { userId } });
      return postForm(
        `${pages.origin()}/oidc/token`,
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token: made.data?.subjectToken ?? '',
          subject_token_type: 'urn:logto:token-type:impersonation_token',
          scope: 'openid',
        },
        basicAuth(app.id, app.secret),
      );
    };
    expect((await exchange(other.id)).status).toBe(200);

    const role = await client().POST('/api/roles', { body: { name: unique('desk '), description: 'Desk users' } });
    await client().POST('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [role.data?.id ?? ''] },
    });
    await client().PUT('/api/applications/{applicationId}/access-control', {
      ...rulesPath(app.id),
      body: { ...NONE, userRoleIds: [role.data?.id ?? ''] },
    });
    await client().PATCH('/api/applications/{id}', {
      params: { path: { id: app.id } },
      body: { appLevelAccessControlEnabled: true } as never,
    });
    expect((await exchange(user.id)).status).toBe(200);
    const refused = await exchange(other.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'access_denied' });

    // A lead of an organization the rules name with that role gets in; a mere member does not.
    const org = await client().POST('/api/organizations', { body: { name: unique('org ') } });
    const lead = await client().POST('/api/organization-roles', {
      body: { name: unique('lead '), organizationScopeIds: [], resourceScopeIds: [] },
    });
    const [orgId, leadId] = [org.data?.id ?? '', lead.data?.id ?? ''];
    await client().POST('/api/organizations/{id}/users', {
      params: { path: { id: orgId } },
      body: { userIds: [other.id] },
    });
    const ruled = await client().PUT('/api/applications/{applicationId}/access-control', {
      ...rulesPath(app.id),
      body: { ...NONE, organizationRoleRules: [{ organizationId: orgId, organizationRoleIds: [leadId] }] },
    });
    expect(ruled.response.status, JSON.stringify(ruled.error)).toBe(200);
    expect((await exchange(other.id)).status).toBe(400);
    const assigned = await client().POST('/api/organizations/{id}/users/{userId}/roles', {
      params: { path: { id: orgId, userId: other.id } },
      body: { organizationRoleIds: [leadId] },
    });
    expect(assigned.response.status, JSON.stringify(assigned.error)).toBe(201);
    expect((await exchange(other.id)).status).toBe(200);
  });

  it('sends a user the rules leave out back to the application with access_denied after signing in', async () => {
    await pages.openAt(''); // The helper's application is made on first use.
    const appId = await appIdOfPages();
    const allowed = await createUser(pages.db(), 'default', { username: unique('in_'), password: PASSWORD });
    const left = await createUser(pages.db(), 'default', { username: unique('out_'), password: PASSWORD });
    await client().PUT('/api/applications/{applicationId}/access-control', {
      ...rulesPath(appId),
      body: { ...NONE, userIds: [allowed.id] },
    });
    await client().PATCH('/api/applications/{id}', {
      params: { path: { id: appId } },
      body: { appLevelAccessControlEnabled: true } as never,
    });
    const signIn = async (username: string) => {
      const { browser, post } = await pages.open('');
      const submitted = await post('/sign-in', { identifier: username, password: PASSWORD });
      expect(submitted.status).toBe(303);
      return browser.follow(submitted.location ?? '', CALLBACK);
    };
    const denied = new URL((await signIn(left.username ?? '')).location ?? '');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    const granted = new URL((await signIn(allowed.username ?? '')).location ?? '');
    expect(granted.searchParams.get('code')).toBeTruthy();
    await client().PATCH('/api/applications/{id}', {
      params: { path: { id: appId } },
      body: { appLevelAccessControlEnabled: false } as never,
    });
  });

  /** The id of the application the sign-in pages' helper signs in to. */
  const appIdOfPages = async () => {
    const listed = await client().GET('/api/applications', { params: { query: { page_size: 100 } } });
    return listed.data?.find(({ name }) => name === 'Partner portal')?.id ?? '';
  };
});
