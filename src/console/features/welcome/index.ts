import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/** `/console/welcome`: the first run's welcome, which registers the first administrator (no sign-in yet). */
export const feature = defineFeature({
  name: 'welcome',
  pages: [
    {
      path: 'welcome',
      placement: 'public',
      component: lazyPage(() => import('./Welcome').then((m) => m.Welcome)),
    },
  ],
});

export const welcomeLinks = { root: linkTo(feature.pages[0].path) };
