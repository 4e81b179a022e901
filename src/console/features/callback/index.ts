import { lazy } from 'react';
import { defineFeature } from '../../feature-modules/define';

/** `/console/callback`: where the provider sends the browser back after sign-in (see `consoleUrls`). */
export const feature = defineFeature({
  name: 'callback',
  pages: [
    {
      path: 'callback',
      placement: 'public',
      component: lazy(() => import('./Callback').then((m) => ({ default: m.Callback }))),
    },
  ],
});
