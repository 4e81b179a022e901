import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/**
 * `/console/auth-status` (spec §2, row 27): a hidden page that answers another window's question whether the
 * console's administrator is signed in (`CheckAdminToken` messages), for development tools on the same site; with
 * `?debug` a view of what it sees.
 */
export const feature = defineFeature({
  name: 'auth-status',
  pages: [
    {
      path: 'auth-status',
      placement: 'public',
      component: lazyPage(() => import('./AuthStatus').then((m) => m.AuthStatus)),
    },
  ],
});

export const authStatusLinks = { root: linkTo(feature.pages[0].path) };
