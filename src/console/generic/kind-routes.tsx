import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';

const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));
const LogList = lazy(() => import('./log/LogList').then((m) => ({ default: m.LogList })));
const LogDetail = lazy(() => import('./log/LogDetail').then((m) => ({ default: m.LogDetail })));

/**
 * The console routes of a singleton (one settings page) or a log (a filtered list and an entry by id); `undefined`
 * for a collection, whose list, create and detail routes the route table builds.
 */
export const kindRoutes = (resource: ConsoleResource): RouteObject[] | undefined => {
  switch (resource.kind) {
    case 'singleton':
      return [{ path: resource.route, element: <SettingsPage key={resource.name} resource={resource} /> }];
    case 'log':
      return [
        { path: resource.route, element: <LogList key={resource.name} resource={resource} /> },
        { path: `${resource.route}/:id`, element: <LogDetail key={resource.name} resource={resource} /> },
      ];
    default:
      return undefined;
  }
};
