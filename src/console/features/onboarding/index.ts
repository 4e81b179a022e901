import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

const Onboarding = lazyPage(() => import('./Onboarding').then((m) => m.Onboarding));

/**
 * `/console/onboarding` (cloud only, spec §2): a new account's first steps, a few questions about the project and
 * its first tenant; done once, then the console's root never sends the account here again.
 */
export const feature = defineFeature({
  name: 'onboarding',
  edition: 'cloud',
  pages: [
    { path: 'onboarding', placement: 'standalone', component: Onboarding },
    { path: 'onboarding/:step', placement: 'standalone', component: Onboarding },
  ],
});

export const onboardingLinks = { root: linkTo(feature.pages[0].path) };
