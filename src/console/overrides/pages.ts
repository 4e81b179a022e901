import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ConsoleOverrideKey } from './keys';
import type { OverridePageProps } from './types';

/**
 * Item pages of view tabs, by the tab's view key: a view tab listed here also gets the route
 * `<route>/:id/<tab>/:itemId`. Loaded lazily so the pages stay out of the first load.
 */
export const overridePages: Partial<Record<ConsoleOverrideKey, LazyExoticComponent<ComponentType<OverridePageProps>>>> =
  {
    'hook.tab.recent-requests': lazy(() => import('./hook/HookLogPage').then((m) => ({ default: m.HookLogPage }))),
  };
