import { KeyOutlined, LockOutlined, SafetyOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';
import { requireEntry } from '../../registry';

const settings = requireEntry('signInExperience');
const read = settings.requiredScopes.read;

const SignInExperiencePage = lazyPage(() => import('./SignInExperiencePage').then((m) => m.SignInExperiencePage));
const SecurityPage = lazyPage(() => import('./SecurityPage').then((m) => m.SecurityPage));
const TabRedirect = lazyPage(() => import('./TabRedirect').then((m) => m.TabRedirect));

/**
 * The sign-in experience, MFA and security screens: hand-written pages over the `signInExperience` singleton
 * (its generated settings page is replaced), with a live preview of the sign-in page.
 */
export const feature = defineFeature({
  name: 'sign-in-experience',
  // The settings singleton and the two entities its cards edit, on every page and tab.
  models: [settings.name, 'captchaProvider', 'customPhrase'],
  pages: [
    {
      path: 'sign-in-experience',
      placement: 'layout',
      component: TabRedirect,
      scopes: read,
      replaces: settings.name,
      sidebar: { group: 'authentication', order: 2, titleKey: 'sidebar.sign_in_experience', icon: LockOutlined },
    },
    { path: 'sign-in-experience/:tab', placement: 'layout', component: SignInExperiencePage, scopes: read },
    {
      path: 'mfa',
      placement: 'layout',
      component: lazyPage(() => import('./MfaPage').then((m) => m.MfaPage)),
      scopes: read,
      sidebar: { group: 'authentication', order: 3, titleKey: 'sidebar.mfa', icon: KeyOutlined },
    },
    {
      path: 'security',
      placement: 'layout',
      component: TabRedirect,
      scopes: read,
      sidebar: { group: 'authentication', order: 6, titleKey: 'sidebar.security', icon: SafetyOutlined },
    },
    { path: 'security/:tab', placement: 'layout', component: SecurityPage, scopes: read },
  ],
});

export const signInExperienceLinks = {
  tab: linkTo(feature.pages[1].path),
  mfa: linkTo(feature.pages[2].path),
  security: linkTo(feature.pages[4].path),
};
