import { SafetyCertificateOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';
import { requireEntry } from '../../registry';

const ssoConnector = requireEntry('ssoConnector');
const read = ssoConnector.requiredScopes.read;

/**
 * `/console/enterprise-sso` (spec §2): the tenant's enterprise SSO connectors; `create` picks a provider and names
 * the connector; a connector opens on its connection tab (the provider's configuration, and what to register at the
 * identity provider), beside its experience tab (email domains, how the sign-in page shows it, profile sync).
 */
export const feature = defineFeature({
  name: 'enterprise-sso',
  models: [ssoConnector.name],
  pages: [
    {
      path: 'enterprise-sso',
      placement: 'layout',
      component: lazyPage(() => import('./SsoConnectorsPage').then((m) => m.SsoConnectorsPage)),
      scopes: read,
      replaces: ssoConnector.name,
      sidebar: {
        group: 'authentication',
        order: 5,
        titleKey: 'sidebar.enterprise_sso',
        icon: SafetyCertificateOutlined,
      },
    },
    {
      path: 'enterprise-sso/create',
      placement: 'layout',
      component: lazyPage(() => import('./CreateSsoConnectorPage').then((m) => m.CreateSsoConnectorPage)),
      scopes: read,
    },
    {
      path: 'enterprise-sso/:id',
      placement: 'layout',
      component: lazyPage(() => import('./SsoConnectorRedirect').then((m) => m.SsoConnectorRedirect)),
      scopes: read,
    },
    {
      path: 'enterprise-sso/:id/:tab',
      placement: 'layout',
      component: lazyPage(() => import('./SsoConnectorPage').then((m) => m.SsoConnectorPage)),
      scopes: read,
    },
  ],
});

export const enterpriseSsoLinks = {
  root: linkTo(feature.pages[0].path),
  create: linkTo(feature.pages[1].path),
};
