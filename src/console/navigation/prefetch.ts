import { matchPath } from 'react-router';

/**
 * What a console route needs before it can draw (its entities' models, its page's code), fetched ahead when a link
 * to it is hovered or focused, so the click finds them ready. The route table registers one per route.
 */
const prefetchers = new Map<string, () => Promise<unknown>>();

export const registerPrefetch = (route: string, prefetch: () => Promise<unknown>) => {
  if (!prefetchers.has(route)) prefetchers.set(route, prefetch);
};

/**
 * Starts fetching what the routes matching a console path need (`/roles`, `/roles/r1/general`); a failure is left to
 * the navigation, which tries again and reports it.
 */
export const prefetchPath = (pathname: string) => {
  for (const [route, prefetch] of prefetchers) {
    const pattern = `/${route}`;
    if (matchPath({ path: pattern, end: false }, pathname)) prefetch().catch(() => undefined);
  }
};
