import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { ConsoleEntry } from '../../shared/console-entry';
import { ModelPage } from '../models/ModelPage';

const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));
const LogList = lazy(() => import('./log/LogList').then((m) => ({ default: m.LogList })));
const LogDetail = lazy(() => import('./log/LogDetail').then((m) => ({ default: m.LogDetail })));

/**
 * The console routes of a singleton (one settings page) or a log (a filtered list and an entry by id); `undefined`
 * for a collection, whose list, create and detail routes the route table builds.
 */
export const kindRoutes = ({ kind, name, route }: ConsoleEntry): RouteObject[] | undefined => {
  switch (kind) {
    case 'singleton':
      return [
        {
          path: route,
          element: <ModelPage key={name} name={name} render={(model) => <SettingsPage resource={model} />} />,
        },
      ];
    case 'log':
      return [
        { path: route, element: <ModelPage key={name} name={name} render={(model) => <LogList resource={model} />} /> },
        {
          path: `${route}/:id`,
          element: <ModelPage key={name} name={name} render={(model) => <LogDetail resource={model} />} />,
        },
      ];
    default:
      return undefined;
  }
};
