import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/** `/console/profile`: the signed-in account, outside the console's frame (it opens in a tab of its own). */
export const feature = defineFeature({
  name: 'profile',
  pages: [
    {
      path: 'profile',
      placement: 'standalone',
      component: lazyPage(() => import('./Profile').then((m) => m.Profile)),
    },
  ],
});

export const profileLinks = { root: linkTo(feature.pages[0].path) };
