import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page loaded when first shown, whose code can also be fetched ahead (on hover or focus of a link to it). */
export type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/** `lazy`, with the loading promise kept so a prefetch and the render share one download. */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> => {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed download (offline, a new release) is tried again next time.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(
    lazy(() => preload().then((component) => ({ default: component }))),
    { preload },
  );
};
