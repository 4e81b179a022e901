import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireScopes } from '../access/RequireScopes';
import { routedResources } from '../registry';
import { AuthPending } from '../screens/AuthPending';
import type { ConsoleFeature, FeaturePage, FeaturePlacement } from './define';

/** A page of tabs opens its first tab: the first entity's list, routed below it. */
const FirstTab = ({ page }: { page: FeaturePage }) => {
  const first = routedResources.find((resource) => resource.name === page.tabs?.resources[0]);
  return <Navigate to={`/${first?.route ?? ''}`} replace />;
};

const FeatureElement = ({ page }: { page: FeaturePage }) => {
  if (!page.component) {
    return (
      <RequireScopes scopes={page.scopes ?? []}>
        <FirstTab page={page} />
      </RequireScopes>
    );
  }
  const Page = page.component;
  if (page.placement === 'public') {
    return (
      <Suspense fallback={<AuthPending />}>
        <Page />
      </Suspense>
    );
  }
  const guarded = (
    <RequireScopes scopes={page.scopes ?? []}>
      <Page />
    </RequireScopes>
  );
  // Pages in the layout load under the layout's own fallback.
  return page.placement === 'layout' ? guarded : <Suspense fallback={<AuthPending />}>{guarded}</Suspense>;
};

/** The routes of the features' pages with this placement. */
export const featureRoutes = (features: readonly ConsoleFeature[], placement: FeaturePlacement): RouteObject[] =>
  features.flatMap((feature) =>
    feature.pages
      .filter((page) => page.placement === placement)
      .map((page) => ({ path: page.path, element: <FeatureElement key={feature.name} page={page} /> })),
  );
