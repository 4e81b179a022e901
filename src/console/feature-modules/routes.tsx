import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { RequireScopes } from '../access/RequireScopes';
import { AuthPending } from '../screens/AuthPending';
import type { ConsoleFeature, FeaturePage, FeaturePlacement } from './define';

const FeatureElement = ({ page }: { page: FeaturePage }) => {
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
