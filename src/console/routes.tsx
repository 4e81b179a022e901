import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppRoot } from './App';
import { RequireAuth } from './auth/RequireAuth';
import { kindRoutes } from './generic/kind-routes';
import { NotFound } from './generic/NotFound';
import { RouteError } from './generic/RouteError';
import { AppLayout } from './layout/AppLayout';
import { overridePages } from './overrides/pages';
import { defaultTab, firstSidebarRoute, routedResources } from './registry';
import { AuthPending } from './screens/AuthPending';

const ResourceList = lazy(() => import('./generic/ResourceList').then((m) => ({ default: m.ResourceList })));
const ResourceCreate = lazy(() => import('./generic/ResourceCreate').then((m) => ({ default: m.ResourceCreate })));
const ResourceShow = lazy(() => import('./generic/ResourceShow').then((m) => ({ default: m.ResourceShow })));
const DetailTabView = lazy(() => import('./generic/DetailTabView').then((m) => ({ default: m.DetailTabView })));
const Callback = lazy(() => import('./screens/Callback').then((m) => ({ default: m.Callback })));
const Welcome = lazy(() => import('./screens/Welcome').then((m) => ({ default: m.Welcome })));
const Profile = lazy(() => import('./screens/Profile').then((m) => ({ default: m.Profile })));

const resourceRoutes: RouteObject[] = routedResources.flatMap((resource) => {
  const ofKind = kindRoutes(resource);
  if (ofKind) return ofKind;
  const routes: RouteObject[] = [
    {
      path: resource.route,
      element: <ResourceList key={resource.name} resource={resource} />,
      children: resource.create ? [{ path: 'create', element: <ResourceCreate resource={resource} /> }] : [],
    },
  ];
  const tab = defaultTab(resource);
  if (resource.detail && tab) {
    routes.push({
      path: `${resource.route}/:id`,
      element: <ResourceShow key={resource.name} resource={resource} />,
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
          element: <Page key={resource.name} resource={resource} tab={item.key} />,
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
      // Signing in (spec §2): the provider comes back to `/callback`; `/welcome` creates the first account.
      {
        path: 'callback',
        element: (
          <Suspense fallback={<AuthPending />}>
            <Callback />
          </Suspense>
        ),
      },
      {
        path: 'welcome',
        element: (
          <Suspense fallback={<AuthPending />}>
            <Welcome />
          </Suspense>
        ),
      },
      {
        // Everything else needs a signed-in user.
        element: <RequireAuth />,
        children: [
          {
            path: 'profile',
            element: (
              <Suspense fallback={<AuthPending />}>
                <Profile />
              </Suspense>
            ),
          },
          {
            element: <AppLayout />,
            children: [
              {
                index: true,
                element: firstSidebarRoute ? <Navigate to={`/${firstSidebarRoute}`} replace /> : <NotFound />,
              },
              ...resourceRoutes,
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: '/console' });
