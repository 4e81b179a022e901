import { SettingOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

const TenantSettings = lazyPage(() => import('./TenantSettings').then((m) => m.TenantSettings));

/**
 * `/console/{tenantId}/tenant-settings` (cloud only, spec §2): the tenant's settings (its managers) and its members
 * and invitations (every member reads them). The index opens the settings for a manager, else the members.
 */
export const feature = defineFeature({
  name: 'tenant-settings',
  edition: 'cloud',
  pages: [
    {
      path: 'tenant-settings',
      placement: 'layout',
      component: TenantSettings,
      scopes: ['read:member'],
      sidebar: { group: 'tenant', order: 1, titleKey: 'sidebar.tenant_settings', icon: SettingOutlined },
    },
    { path: 'tenant-settings/:tab', placement: 'layout', component: TenantSettings, scopes: ['read:member'] },
  ],
});

export const tenantSettingsLinks = { root: linkTo(feature.pages[0].path), tab: linkTo(feature.pages[1].path) };
