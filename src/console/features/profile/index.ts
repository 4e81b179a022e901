import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

const Profile = lazyPage(() => import('./Profile').then((m) => m.Profile));

/**
 * `/console/profile`: the signed-in account, outside the console's frame (it opens in a tab of its own); its changes
 * that need a proof are sub-routes (`profile/verify-password`, `change-password`, `link-email`, `verification-code`).
 */
export const feature = defineFeature({
  name: 'profile',
  pages: [
    { path: 'profile', placement: 'standalone', component: Profile },
    { path: 'profile/:step', placement: 'standalone', component: Profile },
    {
      path: 'handle-social',
      placement: 'standalone',
      component: lazyPage(() => import('./HandleSocial').then((m) => m.HandleSocial)),
    },
  ],
});

export const profileLinks = { root: linkTo(feature.pages[0].path) };
