import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/**
 * `/console/checkout-success` (cloud only, spec §4): where the payment provider sends the browser back; waits for the
 * purchase to take effect, then opens the tenant it was for.
 */
export const feature = defineFeature({
  name: 'checkout-success',
  edition: 'cloud',
  pages: [
    {
      path: 'checkout-success',
      placement: 'standalone',
      component: lazyPage(() => import('./CheckoutSuccess').then((m) => m.CheckoutSuccess)),
    },
  ],
});

export const checkoutSuccessLinks = { root: linkTo(feature.pages[0].path) };
