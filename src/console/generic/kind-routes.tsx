import type { RouteObject } from 'react-router';
import type { ConsoleEntry } from '../../shared/console-entry';
import { ModelPage } from '../models/ModelPage';
import { lazyPage } from '../navigation/lazy-page';

const SettingsPage = lazyPage(() => import('./SettingsPage').then((m) => m.SettingsPage));
const LogList = lazyPage(() => import('./log/LogList').then((m) => m.LogList));
const LogDetail = lazyPage(() => import('./log/LogDetail').then((m) => m.LogDetail));

/** The page a singleton or a log opens on (its settings page, its list). */
export const kindPage = ({ kind }: ConsoleEntry) => (kind === 'log' ? LogList : SettingsPage);

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
          element: (
            <ModelPage
              key={name}
              name={name}
              preload={SettingsPage.preload}
              render={(model) => <SettingsPage resource={model} />}
            />
          ),
        },
      ];
    case 'log':
      return [
        {
          path: route,
          element: (
            <ModelPage
              key={name}
              name={name}
              preload={LogList.preload}
              render={(model) => <LogList resource={model} />}
            />
          ),
        },
        {
          path: `${route}/:id`,
          element: (
            <ModelPage
              key={name}
              name={name}
              preload={LogDetail.preload}
              render={(model) => <LogDetail resource={model} />}
            />
          ),
        },
      ];
    default:
      return undefined;
  }
};
