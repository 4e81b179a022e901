import { Card, Skeleton } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import type { OverrideLoader } from '../../generated/console-overrides';
import { overrideLoaders } from '../../generated/console-overrides';
import type { OverrideProps } from './override-types';

type LazyOverride = LazyExoticComponent<ComponentType<OverrideProps>>;

/** One lazy component per key and loader table, so a slot that mounts again does not load its piece again. */
const cache = new WeakMap<Readonly<Record<string, OverrideLoader>>, Map<string, LazyOverride>>();

const lazyOverride = (loaders: Readonly<Record<string, OverrideLoader>>, key: string): LazyOverride | undefined => {
  const loader = loaders[key];
  if (!loader) return undefined;
  let byKey = cache.get(loaders);
  if (!byKey) {
    byKey = new Map();
    cache.set(loaders, byKey);
  }
  let component = byKey.get(key);
  if (!component) {
    component = lazy(() => loader().then((loaded) => ({ default: loaded })));
    byKey.set(key, component);
  }
  return component;
};

const Loading = () => (
  <Card className="gh-override-loading">
    <Skeleton active />
  </Card>
);

/**
 * Renders the override registered under `keyName` (a descriptor's card or view key), loading its code the first
 * time it is shown; `missing` is rendered for a key without an implementation.
 */
export const OverrideSlot = ({
  keyName,
  missing = null,
  loaders = overrideLoaders,
  ...props
}: OverrideProps & {
  keyName: string;
  missing?: ReactNode;
  /** The loader table; the console's own by default. */
  loaders?: Readonly<Record<string, OverrideLoader>>;
}) => {
  const Override = lazyOverride(loaders, keyName);
  if (!Override) return missing;
  return (
    <Suspense fallback={<Loading />}>
      <Override {...props} />
    </Suspense>
  );
};
