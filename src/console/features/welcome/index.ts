import { lazy } from 'react';
import { defineFeature, linkTo } from '../../feature-modules/define';

/** `/console/welcome`: the first run's welcome, which registers the first administrator (no sign-in yet). */
export const feature = defineFeature({
  name: 'welcome',
  pages: [
    {
      path: 'welcome',
      placement: 'public',
      component: lazy(() => import('./Welcome').then((m) => ({ default: m.Welcome }))),
    },
  ],
});

export const welcomeLinks = { root: linkTo(feature.pages[0].path) };
