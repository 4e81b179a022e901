import { defineFeature } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/** `/console/callback`: where the provider sends the browser back after sign-in (see `consoleUrls`). */
export const feature = defineFeature({
  name: 'callback',
  pages: [
    {
      path: 'callback',
      placement: 'public',
      component: lazyPage(() => import('./Callback').then((m) => m.Callback)),
    },
  ],
});
