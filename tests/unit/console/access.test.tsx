// @vitest-environment jsdom

import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import { MemoryRouter, matchRoutes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignedInAccessProvider } from '../../../src/console/access/AccessContext';
import { createAccess } from '../../../src/console/access/policy';
import { grantedScopes } from '../../../src/console/access/scopes';
import { AuthContextProvider } from '../../../src/console/auth/AuthContext';
import { AuthSession, type OidcUserManager } from '../../../src/console/auth/session';
import { sidebarEntriesOf } from '../../../src/console/feature-modules/navigation';
import { DetailTabView } from '../../../src/console/generic/DetailTabView';
import { ResourceList } from '../../../src/console/generic/ResourceList';
import { ResourceShow } from '../../../src/console/generic/ResourceShow';
import '../../../src/console/i18n';
import { Sidebar } from '../../../src/console/layout/Sidebar';
import { requireResource, routedResources } from '../../../src/console/registry';
import { routes } from '../../../src/console/routes';
import type { ConsoleResource } from '../../../src/shared/descriptor';
import { memoryDataProvider, renderAsCaller } from './console-harness';
import { stubMatchMedia } from './match-media';
import { sidebarLabelsFor } from './sidebar-expected';

/** An access token as the provider issues it: a JWT whose `scope` claim lists the granted scopes. */
const accessToken = (scope: string) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES384', typ: 'at+jwt' })}.${part({ sub: 'u1', scope })}.signature`;
};

/** The role entity as a descriptor declaring separate read and write scopes would compile it. */
const roleWith = (requiredScopes: ConsoleResource['requiredScopes']): ConsoleResource => ({
  ...requireResource('role'),
  requiredScopes,
});
const hook = requireResource('hook');
const readOnlyHook: ConsoleResource = { ...hook, requiredScopes: { read: ['read:data'], write: ['write:data'] } };
/** Lazy pages and cards load their modules on first use, which takes a while under the test transform. */
const loading = { timeout: 15_000 };
const hookRecord = {
  id: 'h1',
  name: 'Orders',
  events: ['User.Created'],
  config: { url: 'https://hooks.example.com/orders', headers: {} },
  enabled: true,
  signingKey: 'key',
};

describe('scopes of the caller', () => {
  it("are the access token's scope claim, else those the token response granted, none without a token", () => {
    expect(grantedScopes(accessToken('all read:logs'), 'openid')).toEqual(['all', 'read:logs']);
    expect(grantedScopes('opaque-token', 'openid all')).toEqual(['openid', 'all']);
    expect(grantedScopes(undefined, 'all')).toEqual([]);
  });

  it('grant something only when they hold every scope it requires; writing needs the read scopes too', () => {
    const access = createAccess(['write:data']);
    expect(access.allows([])).toBe(true);
    expect(access.allows(['write:data', 'read:data'])).toBe(false);
    expect(access.canWrite(readOnlyHook)).toBe(false);
    expect(createAccess(['read:data', 'write:data']).canWrite(readOnlyHook)).toBe(true);
  });
});

describe('what the console shows', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('hides the sidebar entries a signed-in user whose token lacks their read scope may not open', async () => {
    // The account lookup after sign-in is not needed here.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
    const resources = routedResources.map((resource) =>
      resource.name === 'hook'
        ? { ...resource, requiredScopes: { read: ['read:hooks'], write: ['write:data'] } }
        : resource,
    );
    const sidebarFor = async (scope: string) => {
      const now = Math.floor(Date.now() / 1000);
      const user = new User({
        access_token: accessToken(scope),
        token_type: 'Bearer',
        scope,
        profile: { sub: 'u1', iss: 'i', aud: 'a', exp: now + 3600, iat: now },
        expires_at: now + 3600,
      });
      const manager = {
        getUser: async () => user,
        events: { addAccessTokenExpiring() {}, addAccessTokenExpired() {} },
      };
      const session = new AuthSession(manager as unknown as OidcUserManager, {
        currentPath: () => '/',
        assign: () => undefined,
        postLogoutRedirectUri: 'http://localhost/console',
      });
      render(
        <AuthContextProvider session={session}>
          <SignedInAccessProvider>
            <MemoryRouter>
              <Sidebar entries={sidebarEntriesOf(resources, [])} />
            </MemoryRouter>
          </SignedInAccessProvider>
        </AuthContextProvider>,
      );
      await act(() => session.start());
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      return within(nav)
        .queryAllByRole('link')
        .map((link) => link.textContent);
    };
    const entries = sidebarEntriesOf(resources, []);
    const withHooks = await sidebarFor('read:data write:data read:hooks');
    expect(withHooks).toEqual(sidebarLabelsFor(entries, ['read:data', 'write:data', 'read:hooks']));
    expect(withHooks).toContain('Webhooks');
    cleanup();
    const withoutHooks = await sidebarFor('read:data write:data');
    expect(withoutHooks).toEqual(sidebarLabelsFor(entries, ['read:data', 'write:data']));
    expect(withoutHooks).not.toContain('Webhooks');
    expect(withoutHooks.length).toBe(withHooks.length - 1);
    cleanup();
    // Full access (Logto's one management scope) grants the data scopes, not a scope of its own such as read:hooks.
    expect(await sidebarFor('all')).toEqual(withoutHooks);
    cleanup();
    expect(await sidebarFor('openid')).toEqual([]);
  });

  it('answers the forbidden page on an entity route the caller may not read or create on', async () => {
    /** The element of the console's route with this pattern, as the router matches it for `path`. */
    const elementAt = (path: string, pattern: string) =>
      matchRoutes(routes, path)?.find((match) => match.route.path === pattern)?.route.element;
    renderAsCaller({
      scopes: ['openid'],
      routes: [{ path: '*', element: elementAt('/roles/create', 'create') }],
      path: '/x',
    });
    expect(await screen.findByText('No access to this page')).toBeTruthy();
    cleanup();
    renderAsCaller({
      scopes: ['openid'],
      routes: [{ path: '*', element: elementAt('/webhooks/h1', 'webhooks/:id') }],
      path: '/x',
    });
    expect(await screen.findByText('No access to this page')).toBeTruthy();
  });

  it('offers no create button without the write scope', async () => {
    const role = roleWith({ read: ['read:data'], write: ['write:data'] });
    const listRoutes = [
      {
        path: 'roles',
        element: <ResourceList resource={role} />,
        children: [{ path: 'create', element: <p>create form</p> }],
      },
    ];
    renderAsCaller({ scopes: ['read:data', 'write:data'], routes: listRoutes, path: '/roles' });
    expect(await screen.findByRole('button', { name: /Create role/ })).toBeTruthy();
    cleanup();
    renderAsCaller({ scopes: ['read:data'], routes: listRoutes, path: '/roles' });
    expect(await screen.findByRole('heading', { name: 'Roles' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('No roles yet', { exact: false })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Create role/ })).toBeNull();
  });

  it("offers assigning and removing a role's permissions only to a caller who may write the role", async () => {
    const role = roleWith({ read: ['read:data'], write: ['write:data'] });
    const permission = { id: 's1', name: 'read:orders', resourceId: 'r1', resource: { id: 'r1', name: 'Orders API' } };
    const renderPermissions = (scopes: string[]) =>
      renderAsCaller({
        scopes,
        routes: [
          {
            path: 'roles/:id',
            element: <ResourceShow resource={role} />,
            children: [{ path: ':tab', element: <DetailTabView resource={role} /> }],
          },
        ],
        path: '/roles/r1/permissions',
        dataProvider: memoryDataProvider({ id: 'r1', name: 'Support', type: 'User' }, [permission]),
      });
    renderPermissions(['read:data', 'write:data']);
    expect(await screen.findByRole('button', { name: /Assign permissions/ }, loading)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /read:orders/ }, loading)).toBeTruthy();
    cleanup();
    renderPermissions(['read:data']);
    expect(await screen.findByText('read:orders', {}, loading)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Assign permissions/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /read:orders/ })).toBeNull();
  });

  const renderHookSettings = (scopes: string[]) =>
    renderAsCaller({
      scopes,
      routes: [
        {
          path: 'webhooks/:id',
          element: <ResourceShow resource={readOnlyHook} />,
          children: [{ path: ':tab', element: <DetailTabView resource={readOnlyHook} /> }],
        },
      ],
      path: '/webhooks/h1/settings',
      dataProvider: memoryDataProvider(hookRecord),
    });

  it('shows settings read-only, without save bar, delete action or write cards, to a read-only caller', async () => {
    renderHookSettings(['read:data']);
    const name = await screen.findByRole('textbox', { name: /Webhook name/ }, loading);
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Your account can view these settings but not change them.')).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Form actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    // The signing key card loads, and shows the key without "Regenerate"; the test card is not shown at all.
    expect(await screen.findByRole('textbox', { name: 'Signing key' }, loading)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Send test payload/ })).toBeNull();
  });

  it('lets a caller with the write scope edit, save and delete', async () => {
    renderHookSettings(['read:data', 'write:data']);
    const name = await screen.findByRole('textbox', { name: /Webhook name/ }, loading);
    expect((name as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('toolbar', { name: 'Form actions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Regenerate/ }, loading)).toBeTruthy();
  });
});
