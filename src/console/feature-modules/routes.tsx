import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireScopes } from '../access/RequireScopes';
import { WithModels } from '../models/ModelPage';
import { loadModels } from '../models/store';
import { registerPrefetch } from '../navigation/prefetch';
import { routedResources } from '../registry';
import { AuthPending } from '../screens/AuthPending';
import type { ConsoleFeature, FeaturePage, FeaturePlacement } from './define';

/** A page of tabs opens its first tab: the first entity's list, routed below it. */
const FirstTab = ({ page }: { page: FeaturePage }) => {
  const first = routedResources.find((resource) => resource.name === page.tabs?.resources[0]);
  return <Navigate to={`/${first?.route ?? ''}`} replace />;
};

/** The entities whose models a page needs: those its feature and it name, and the one it replaces. */
const modelsOf = (feature: ConsoleFeature, page: FeaturePage): string[] => [
  ...(feature.models ?? []),
  ...(page.models ?? []),
  ...(page.replaces ? [page.replaces] : []),
];

const FeatureElement = ({ feature, page }: { feature: ConsoleFeature; page: FeaturePage }) => {
  if (!page.component) {
    return (
      <RequireScopes scopes={page.scopes ?? []}>
        <FirstTab page={page} />
      </RequireScopes>
    );
  }
  const Component = page.component;
  const models = modelsOf(feature, page);
  const content =
    models.length > 0 ? (
      <WithModels names={models}>
        <Component />
      </WithModels>
    ) : (
      <Component />
    );
  if (page.placement === 'public') {
    return <Suspense fallback={<AuthPending />}>{content}</Suspense>;
  }
  const guarded = <RequireScopes scopes={page.scopes ?? []}>{content}</RequireScopes>;
  // Pages in the layout load under the layout's own fallback.
  return page.placement === 'layout' ? guarded : <Suspense fallback={<AuthPending />}>{guarded}</Suspense>;
};

/** What a link to the page fetches ahead: its models, then its code (which may read them as it loads). */
const prefetchOf = (feature: ConsoleFeature, page: FeaturePage) => {
  const models = modelsOf(feature, page);
  const preload = page.component?.preload;
  return () => loadModels(models).then(() => preload?.());
};

/** The routes of the features' pages with this placement. */
export const featureRoutes = (features: readonly ConsoleFeature[], placement: FeaturePlacement): RouteObject[] =>
  features.flatMap((feature) =>
    feature.pages
      .filter((page) => page.placement === placement)
      .map((page) => {
        registerPrefetch(page.path, prefetchOf(feature, page));
        return { path: page.path, element: <FeatureElement key={feature.name} feature={feature} page={page} /> };
      }),
  );
