import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/**
 * `/console/accept/{invitationId}` (cloud only, spec §2): accepts an invitation to a tenant as the signed-in account
 * and opens the tenant; an invitation to another email offers to switch accounts.
 */
export const feature = defineFeature({
  name: 'accept-invitation',
  edition: 'cloud',
  pages: [
    {
      path: 'accept/:invitationId',
      placement: 'standalone',
      component: lazyPage(() => import('./AcceptInvitation').then((m) => m.AcceptInvitation)),
    },
  ],
});

export const acceptInvitationLinks = { root: linkTo(feature.pages[0].path) };
