import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import type { ReactNode } from 'react';
import { PaletteMount } from './palette/PaletteMount';
import { authProvider, dataProvider, i18nProvider, useNotificationProvider } from './providers';
import { routedResources } from './registry';

/** Refine resources for the sidebar entries, with their list, create and detail routes. */
const refineResources: ResourceProps[] = routedResources
  .filter((resource) => resource.sidebar)
  .map((resource) => ({
    name: resource.name,
    list: `/${resource.route}`,
    ...(resource.pages.create ? { create: `/${resource.route}/create` } : {}),
    // A singleton is its one settings page; a log's entries open by id.
    ...((resource.pages.detail && resource.kind !== 'singleton') || resource.kind === 'log'
      ? { show: `/${resource.route}/:id` }
      : {}),
    meta: { label: resource.titleKey, canDelete: resource.canDelete },
  }));

const noRetryStatuses = new Set([400, 401, 403, 404, 422]);

/**
 * Refine (data, router, i18n and notification providers) around the page content, and the command palette's
 * shortcut. It is loaded lazily, next to the first page, so the shell (top bar and sidebar) does not wait for the data
 * layer.
 */
export const RefineShell = ({ children }: { children: ReactNode }) => (
  <Refine
    authProvider={authProvider}
    dataProvider={dataProvider}
    routerProvider={routerProvider}
    i18nProvider={i18nProvider}
    notificationProvider={useNotificationProvider}
    resources={refineResources}
    options={{
      disableTelemetry: true,
      syncWithLocation: false,
      warnWhenUnsavedChanges: false,
      mutationMode: 'pessimistic',
      reactQuery: {
        clientConfig: {
          defaultOptions: {
            queries: {
              refetchOnWindowFocus: false,
              retry: (count, error) =>
                count < 1 && !noRetryStatuses.has((error as { statusCode?: number }).statusCode ?? 0),
            },
          },
        },
      },
    }}
  >
    <PaletteMount />
    {children}
  </Refine>
);
