import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { overridePages } from '../generated/console-overrides';
import { AppRoot } from './App';
import { RequireScopes } from './access/RequireScopes';
import { RequireAuth } from './auth/RequireAuth';
import { consoleFeatures, pagedResources, tabsPages } from './feature-modules/registry';
import { featureRoutes } from './feature-modules/routes';
import { tabsPageOf } from './feature-modules/tabs';
import { kindRoutes } from './generic/kind-routes';
import { NotFound } from './generic/NotFound';
import { RouteError } from './generic/RouteError';
import { AppLayout } from './layout/AppLayout';
import { HomeRedirect } from './layout/HomeRedirect';
import { defaultTab } from './registry';

const ResourceList = lazy(() => import('./generic/ResourceList').then((m) => ({ default: m.ResourceList })));
const ResourceCreate = lazy(() => import('./generic/ResourceCreate').then((m) => ({ default: m.ResourceCreate })));
const ResourceShow = lazy(() => import('./generic/ResourceShow').then((m) => ({ default: m.ResourceShow })));
const DetailTabView = lazy(() => import('./generic/DetailTabView').then((m) => ({ default: m.DetailTabView })));

const resourceRoutes: RouteObject[] = pagedResources.flatMap((resource) => {
  // The caller's scopes decide what each route shows: reading needs the read scopes, creating the write ones too.
  const { read, write } = resource.requiredScopes;
  const ofKind = kindRoutes(resource);
  if (ofKind) {
    return ofKind.map((route) => ({ ...route, element: <RequireScopes scopes={read}>{route.element}</RequireScopes> }));
  }
  const routes: RouteObject[] = [
    {
      path: resource.route,
      element: (
        <RequireScopes scopes={read}>
          <ResourceList key={resource.name} resource={resource} page={tabsPageOf(tabsPages, resource.name)} />
        </RequireScopes>
      ),
      children: resource.create
        ? [
            {
              path: 'create',
              element: (
                <RequireScopes scopes={write}>
                  <ResourceCreate resource={resource} />
                </RequireScopes>
              ),
            },
          ]
        : [],
    },
  ];
  const tab = defaultTab(resource);
  if (resource.detail && tab) {
    routes.push({
      path: `${resource.route}/:id`,
      element: (
        <RequireScopes scopes={read}>
          <ResourceShow key={resource.name} resource={resource} />
        </RequireScopes>
      ),
      children: [
        { index: true, element: <Navigate to={tab.key} replace /> },
        { path: ':tab', element: <DetailTabView resource={resource} /> },
        { path: '*', element: <NotFound /> },
      ],
    });
    // Item pages of view tabs, e.g. one delivery under a webhook's recent requests.
    for (const item of resource.detail.tabs) {
      const Page = item.kind === 'view' ? overridePages[item.view as keyof typeof overridePages] : undefined;
      if (Page) {
        routes.push({
          path: `${resource.route}/:id/${item.key}/:itemId`,
          element: (
            <RequireScopes scopes={read}>
              <Page key={resource.name} resource={resource} tab={item.key} />
            </RequireScopes>
          ),
        });
      }
    }
  }
  return routes;
});

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      // Feature pages that need no sign-in (spec §2).
      ...featureRoutes(consoleFeatures, 'public'),
      {
        // Everything else needs a signed-in user.
        element: <RequireAuth />,
        children: [
          ...featureRoutes(consoleFeatures, 'standalone'),
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <HomeRedirect /> },
              ...resourceRoutes,
              ...featureRoutes(consoleFeatures, 'layout'),
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: '/console' });
