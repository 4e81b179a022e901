// @vitest-environment jsdom

import { cleanup, render, screen, within } from '@testing-library/react';
import { isValidElement } from 'react';
import { MemoryRouter, matchRoutes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccessProvider } from '../../../src/console/access/AccessContext';
import { type ConsoleFeature, linkTo } from '../../../src/console/feature-modules/define';
import { collectFeatures } from '../../../src/console/feature-modules/discover';
import { sidebarEntriesOf } from '../../../src/console/feature-modules/navigation';
import {
  consoleFeatures,
  pagedResources,
  replacedEntities,
  sidebarEntries,
} from '../../../src/console/feature-modules/registry';
import { featureRoutes } from '../../../src/console/feature-modules/routes';
import { profileLinks } from '../../../src/console/features/profile';
import { welcomeLinks } from '../../../src/console/features/welcome';
import '../../../src/console/i18n';
import { Sidebar } from '../../../src/console/layout/Sidebar';
import { routedResources } from '../../../src/console/registry';
import { routes } from '../../../src/console/routes';
import { renderAsCaller } from './console-harness';
import * as example from './example-feature';
import { stubMatchMedia } from './match-media';
import { sidebarLabelsFor } from './sidebar-expected';

const lazyType = Symbol.for('react.lazy');
const entityRoutes = routedResources.map((resource) => resource.route);
/** The example feature found as the console finds its own (one module per feature folder). */
const withExample = collectFeatures({ './activity/index.ts': example }, entityRoutes);

/** The page a console path shows: the route's element, down to the feature page it renders. */
const routeAt = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;

describe('feature discovery', () => {
  it('finds every feature folder of the console and routes its pages, outside the layout', () => {
    expect(consoleFeatures.map((feature) => feature.name)).toEqual([
      'auth-status',
      'callback',
      'config-as-code',
      'connectors',
      'customize-jwt',
      'dashboard',
      'enterprise-sso',
      'get-started',
      'organization-template',
      'profile',
      'qa',
      'sign-in-experience',
      'signing-keys',
      'welcome',
    ]);
    for (const path of ['/callback', '/welcome', '/profile', '/auth-status'])
      expect(routeAt(path)?.path).toBe(path.slice(1));
    // Entities keep their routes next to the features'.
    expect(routeAt('/roles')?.path).toBe('roles');
    expect(routeAt('/customize-jwt/access-token/create')?.path).toBe('customize-jwt/:tokenType/:action');
    expect(profileLinks.root()).toBe('/profile');
    expect(welcomeLinks.root()).toBe('/welcome');
  });

  it("lets a feature page replace an entity's generated pages: the route and the sidebar entry become the page's", () => {
    expect(replacedEntities({ './x/index.ts': { feature: { name: 'x', pages: [{ replaces: 'role' }] } } })).toEqual(
      new Set(['role']),
    );
    expect(pagedResources.map((resource) => resource.name)).not.toContain('signInExperience');
    expect(routeAt('/sign-in-experience/branding')?.path).toBe('sign-in-experience/:tab');
    expect(routeAt('/sign-in-experience/settings')?.path).toBe('sign-in-experience/:tab');
    const entries = sidebarEntries.filter((entry) => entry.route === 'sign-in-experience');
    expect(entries.map((entry) => entry.key)).toEqual(['feature:sign-in-experience:sign-in-experience']);
  });

  it('keeps every feature page lazy: its code loads when the page is first shown', () => {
    for (const feature of [...consoleFeatures, ...withExample]) {
      // A page of tabs has no code of its own: its tabs are entities' generated lists.
      for (const page of feature.pages) if (!page.tabs) expect(page.component?.$$typeof, page.path).toBe(lazyType);
    }
  });

  it("merges a feature's page into the routes and its sidebar slot into the entities' group, by order", () => {
    const layoutRoutes = featureRoutes(withExample, 'layout');
    expect(layoutRoutes.map((route) => route.path)).toEqual(['activity', 'activity/:entryId']);
    expect(isValidElement(layoutRoutes[0]?.element)).toBe(true);

    const developer = sidebarEntriesOf(routedResources, withExample).filter((entry) => entry.group === 'developer');
    expect(developer.sort((a, b) => a.order - b.order).map((entry) => entry.route)).toEqual([
      'webhooks',
      'audit-logs',
      'activity',
      'config-history',
    ]);
  });

  it('builds typed links, with parameters encoded', () => {
    expect(example.activityLinks.root()).toBe('/activity');
    expect(example.activityLinks.one({ entryId: 'log 1/2' })).toBe('/activity/log%201%2F2');
    expect(linkTo('a/:x/b/:y')({ x: 1, y: 'z' })).toBe('/a/1/b/z');
  });

  it('refuses a module without a feature, a route an entity or another feature has, and misplaced slots', () => {
    const page = example.feature.pages[0];
    const featureWith = (name: string, pages: ConsoleFeature['pages']) => ({ feature: { name, pages } });
    expect(() => collectFeatures({ './x/index.ts': {} })).toThrow('does not export a console feature');
    expect(() =>
      collectFeatures({ './x/index.ts': featureWith('x', [{ ...page, path: 'roles' }]) }, entityRoutes),
    ).toThrow('entity route "roles"');
    expect(() =>
      collectFeatures({ './x/index.ts': featureWith('x', [{ ...page, path: 'roles/report' }]) }, entityRoutes),
    ).toThrow('entity route "roles"');
    expect(() => collectFeatures({ './a/index.ts': example, './b/index.ts': featureWith('b', [page]) })).toThrow(
      'feature "activity" already has',
    );
    expect(() => collectFeatures({ './x/index.ts': featureWith('x', [{ ...page, placement: 'standalone' }]) })).toThrow(
      'only a page in the layout has a sidebar entry',
    );
    expect(() =>
      collectFeatures({ './x/index.ts': featureWith('x', [{ ...page, placement: 'public', sidebar: undefined }]) }),
    ).toThrow('cannot require scopes');
  });
});

describe('a feature in the console', () => {
  beforeAll(stubMatchMedia);
  afterEach(cleanup);

  const sidebarLinks = (scopes: string[]) => {
    render(
      <AccessProvider scopes={scopes}>
        <MemoryRouter initialEntries={['/activity']}>
          <Sidebar entries={sidebarEntriesOf(routedResources, withExample)} />
        </MemoryRouter>
      </AccessProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    return within(nav)
      .queryAllByRole('link')
      .map((link) => link.textContent);
  };

  const entries = sidebarEntriesOf(routedResources, withExample);

  it('shows its sidebar entry, after the webhooks, to a caller with its scope', () => {
    const links = sidebarLinks(['read:data', 'write:data', 'read:logs']);
    expect(links).toEqual(sidebarLabelsFor(entries, ['read:data', 'write:data', 'read:logs']));
    // The example's entry is titled like the audit logs and placed after them, below the webhooks.
    expect(links.filter((label) => label === 'Audit logs')).toHaveLength(2);
    expect(links.lastIndexOf('Audit logs')).toBeGreaterThan(links.indexOf('Webhooks'));
    expect(document.querySelector('[aria-current="page"]')?.textContent).toBe('Audit logs');
  });

  it('hides the entry from a caller without the scope', () => {
    const links = sidebarLinks(['read:data', 'write:data']);
    expect(links).toEqual(sidebarLabelsFor(entries, ['read:data', 'write:data']));
    expect(links.filter((label) => label === 'Audit logs')).toHaveLength(1);
  });

  it('loads its page on the route, and answers the forbidden page to a caller without the scope', async () => {
    renderAsCaller({ scopes: ['read:logs'], routes: featureRoutes(withExample, 'layout'), path: '/activity/l1' });
    expect(await screen.findByRole('heading', { name: 'Audit logs: l1' })).toBeTruthy();
    cleanup();
    renderAsCaller({ scopes: ['read:data'], routes: featureRoutes(withExample, 'layout'), path: '/activity' });
    expect(await screen.findByText('No access to this page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Audit logs' })).toBeNull();
  });
});
