// @vitest-environment jsdom

import type { DataProvider } from '@refinedev/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccess } from '../../../src/console/access/policy';
import { sidebarEntriesOf, sidebarSectionsFor } from '../../../src/console/feature-modules/navigation';
import { consoleFeatures } from '../../../src/console/feature-modules/registry';
import { Dashboard } from '../../../src/console/features/dashboard/Dashboard';
import { GetStarted } from '../../../src/console/features/get-started/GetStarted';
import { stepsFor } from '../../../src/console/features/get-started/steps';
import '../../../src/console/i18n';
import { HomeRedirect } from '../../../src/console/layout/HomeRedirect';
import { routedResources, sidebarGroups } from '../../../src/console/registry';
import { routes } from '../../../src/console/routes';
import { memoryDataProvider, renderAsCaller } from './console-harness';
import { stubMatchMedia } from './match-media';

beforeAll(() => stubMatchMedia());
afterEach(() => cleanup());

const sections = (scopes: string[]) =>
  sidebarSectionsFor(sidebarGroups, sidebarEntriesOf(routedResources, consoleFeatures), createAccess(scopes).allows);

/** The console route a path opens, or undefined when only the not-found page would. */
const pageAt = (path: string) => matchRoutes(routes, path, '/')?.at(-1)?.route.path;

describe('get started and the dashboard', () => {
  it('are the first two sidebar entries, and the console root opens Get started', () => {
    const [overview] = sections(['all']);
    expect(overview?.group).toBe('overview');
    expect(overview?.items.map((item) => item.route)).toEqual(['get-started', 'dashboard']);
    // The dashboard reads the management API: without its scope only Get started is left.
    expect(sections([])[0]?.items.map((item) => item.route)).toEqual(['get-started']);

    const { router } = renderAsCaller({
      scopes: ['all'],
      path: '/',
      routes: [
        { index: true, element: <HomeRedirect /> },
        { path: 'get-started', element: <p>landed</p> },
      ],
    });
    expect(router.state.location.pathname).toBe('/get-started');
  });

  it('links each step to a page the console has and the caller may open', async () => {
    const steps = stepsFor(createAccess(['all']));
    const inside = steps.flatMap((step) => ('route' in step.to ? [step.to.route] : []));
    expect(inside).toEqual([
      '/applications/create',
      '/users/create',
      '/api-resources/create',
      '/roles/create',
      '/webhooks/create',
      '/dashboard',
    ]);
    for (const route of inside) expect(pageAt(route), route).not.toBe('*');
    // A caller who may change nothing is sent to the documentation only.
    expect(stepsFor(createAccess([])).map((step) => step.key)).toEqual(['management_api', 'docs']);

    renderAsCaller({
      scopes: ['all'],
      path: '/get-started',
      routes: [{ path: 'get-started', element: <GetStarted /> }],
    });
    const list = screen.getByRole('list', { name: 'Next steps' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/applications/create',
      '/users/create',
      '/api-resources/create',
      '/roles/create',
      '/webhooks/create',
      '/dashboard',
      '/docs/api',
      '/docs',
    ]);
    expect(within(list).getByRole('link', { name: /Create an application/ })).toBeTruthy();
  });

  it('shows the totals, the new and active users with their changes, from the dashboard API', async () => {
    const answers: Record<string, unknown> = {
      '/dashboard/users/total': { totalUserCount: 1234 },
      '/dashboard/users/new': { today: { count: 3, delta: 2 }, last7Days: { count: 4, delta: -1 } },
      '/dashboard/users/active': {
        dauCurve: Array.from({ length: 30 }, (_, i) => ({
          date: `2026-01-${String(i + 1).padStart(2, '0')}`,
          count: i,
        })),
        dau: { count: 29, delta: 1 },
        wau: { count: 40, delta: 0 },
        mau: { count: 55, delta: 5 },
      },
    };
    const custom = vi.fn(async ({ url }: { url: string }) => ({ data: answers[url] }));
    const dataProvider = { ...memoryDataProvider(), custom } as unknown as DataProvider;
    renderAsCaller({
      scopes: ['all'],
      path: '/dashboard',
      routes: [{ path: 'dashboard', element: <Dashboard /> }],
      dataProvider,
    });
    const metric = (name: string) => screen.getByRole('region', { name });
    await waitFor(() => expect(within(metric('Total users')).getByText('1,234')).toBeTruthy());
    expect(within(metric('New users today')).getByText('+2 vs. yesterday')).toBeTruthy();
    expect(within(metric('New users, last 7 days')).getByText('-1 vs. the 7 days before')).toBeTruthy();
    await waitFor(() => expect(within(metric('Daily active users')).getByText('29')).toBeTruthy());
    expect(within(metric('Weekly active users')).getByText('0 vs. the 7 days before')).toBeTruthy();
    expect(within(metric('Monthly active users')).getByText('+5 vs. the 30 days before')).toBeTruthy();
    expect(custom.mock.calls.map(([call]) => call.url).sort()).toEqual([
      '/dashboard/users/active',
      '/dashboard/users/new',
      '/dashboard/users/total',
    ]);
  });
});
