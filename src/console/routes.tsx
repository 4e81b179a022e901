import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { overridePages } from '../generated/console-overrides';
import { AppRoot } from './App';
import { RequireScopes } from './access/RequireScopes';
import { RequireAuth } from './auth/RequireAuth';
import { consoleFeatures, pagedResources, tabsPages } from './feature-modules/registry';
import { featureRoutes } from './feature-modules/routes';
import { tabsPageOf } from './feature-modules/tabs';
import { kindPage, kindRoutes } from './generic/kind-routes';
import { RouteError } from './generic/RouteError';
import { NotFound } from './generic/result-pages';
import { AppLayout, preloadDataLayer } from './layout/AppLayout';
import { HomeRedirect } from './layout/HomeRedirect';
import { ModelPage } from './models/ModelPage';
import { loadModels } from './models/store';
import { lazyPage } from './navigation/lazy-page';
import { prefetchPath, registerPrefetch } from './navigation/prefetch';
import { AuthPending } from './screens/AuthPending';
import { type ConsoleLocation, currentConsoleLocation } from './tenancy/location';

const TenantHome = lazyPage(() => import('./tenancy/lazy/TenantHome').then((m) => m.TenantHome));

const ResourceList = lazyPage(() => import('./generic/ResourceList').then((m) => m.ResourceList));
const ResourceCreate = lazyPage(() => import('./generic/ResourceCreate').then((m) => m.ResourceCreate));
const ResourceShow = lazyPage(() => import('./generic/ResourceShow').then((m) => m.ResourceShow));
const DetailTabView = lazyPage(() => import('./generic/DetailTabView').then((m) => m.DetailTabView));

const resourceRoutes: RouteObject[] = pagedResources.flatMap((entry) => {
  // The caller's scopes decide what each route shows: reading needs the read scopes, creating the write ones too.
  const { read, write } = entry.requiredScopes;
  const { name } = entry;
  const ofKind = kindRoutes(entry);
  // A link to the entity's page fetches its models and the page's code ahead.
  registerPrefetch(entry.route, () =>
    Promise.all([loadModels([name]), (ofKind ? kindPage(entry) : ResourceList).preload()]),
  );
  if (ofKind) {
    return ofKind.map((route) => ({ ...route, element: <RequireScopes scopes={read}>{route.element}</RequireScopes> }));
  }
  // The list page at the route, and at `<route>/<key>` each of its views after the first, each with its create.
  const listRoute = (view?: string): RouteObject => ({
    path: view ? `${entry.route}/${view}` : entry.route,
    element: (
      <RequireScopes scopes={read}>
        <ModelPage
          key={view ? `${name}:${view}` : name}
          name={name}
          preload={ResourceList.preload}
          render={(resource) => <ResourceList resource={resource} page={tabsPageOf(tabsPages, name)} view={view} />}
        />
      </RequireScopes>
    ),
    children: entry.pages.create
      ? [
          {
            path: 'create',
            element: (
              <RequireScopes scopes={write}>
                <ModelPage
                  name={name}
                  preload={ResourceCreate.preload}
                  render={(resource) => <ResourceCreate resource={resource} view={view} />}
                />
              </RequireScopes>
            ),
          },
        ]
      : [],
  });
  for (const view of entry.pages.listViews) {
    registerPrefetch(`${entry.route}/${view}`, () => Promise.all([loadModels([name]), ResourceList.preload()]));
  }
  const routes: RouteObject[] = [listRoute(), ...entry.pages.listViews.map(listRoute)];
  const tab = entry.pages.defaultTab;
  if (entry.pages.detail && tab) {
    registerPrefetch(`${entry.route}/:id`, () =>
      Promise.all([loadModels([name]), ResourceShow.preload(), DetailTabView.preload()]),
    );
    routes.push({
      path: `${entry.route}/:id`,
      element: (
        <RequireScopes scopes={read}>
          <ModelPage
            key={name}
            name={name}
            preload={ResourceShow.preload}
            render={(resource) => <ResourceShow resource={resource} />}
          />
        </RequireScopes>
      ),
      children: [
        { index: true, element: <Navigate to={tab} replace /> },
        {
          path: ':tab',
          element: (
            <ModelPage
              name={name}
              preload={DetailTabView.preload}
              render={(resource) => <DetailTabView resource={resource} />}
            />
          ),
        },
        { path: '*', element: <NotFound /> },
      ],
    });
    // Item pages of view tabs, e.g. one delivery under a webhook's recent requests.
    for (const item of entry.pages.viewTabs) {
      const Page = overridePages[item.view as keyof typeof overridePages];
      if (Page) {
        routes.push({
          path: `${entry.route}/:id/${item.key}/:itemId`,
          element: (
            <RequireScopes scopes={read}>
              <ModelPage key={name} name={name} render={(resource) => <Page resource={resource} tab={item.key} />} />
            </RequireScopes>
          ),
        });
      }
    }
  }
  return routes;
});

/** A tenant's pages: the frame with its sidebar, the tenant root opening the first sidebar entry. */
const tenantPages: RouteObject = {
  element: <AppLayout />,
  children: [
    { index: true, element: <HomeRedirect /> },
    ...resourceRoutes,
    ...featureRoutes(consoleFeatures, 'layout'),
    { path: '*', element: <NotFound /> },
  ],
};

/** The cloud console's root, which manages no tenant (spec §2): the tenant selection or the landing page. */
const cloudRootPages: RouteObject[] = [
  {
    index: true,
    element: (
      <Suspense fallback={<AuthPending />}>
        <TenantHome />
      </Suspense>
    ),
  },
  { path: '*', element: <NotFound /> },
];

/** The routes of a console page: a tenant's (every open-source page), or the cloud's root pages. */
export const routesFor = (location: ConsoleLocation): RouteObject[] => [
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
          ...(location.tenantId === undefined ? cloudRootPages : [tenantPages]),
        ],
      },
    ],
  },
];

/** The routes of a tenant's console (the open-source console's). */
export const routes: RouteObject[] = routesFor({ basename: '/console', tenantId: 'default' });

export const createRouter = () => {
  const location = currentConsoleLocation();
  return createBrowserRouter(routesFor(location), { basename: location.basename });
};

/**
 * Fetches, all at once, what the page the console opens on needs (the data layer, the page's models and code),
 * rather than one after the other as each part renders.
 */
export const prefetchLanding = (pathname: string) => {
  preloadDataLayer().catch(() => undefined);
  prefetchPath(pathname);
};
