import { ApiOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';
import { requireEntry } from '../../registry';

const connector = requireEntry('connector');
const read = connector.requiredScopes.read;

/**
 * `/console/connectors` (spec §2): the index opens the passwordless tab, where the tenant's email and SMS connectors
 * are set up from a connector factory (its configuration form is the factory's schema), tested, edited and deleted;
 * the social tab lists the tenant's social connectors and adds them from the social factories.
 */
export const feature = defineFeature({
  name: 'connectors',
  models: [connector.name],
  pages: [
    {
      path: 'connectors',
      placement: 'layout',
      component: lazyPage(() => import('./ConnectorsRedirect').then((m) => m.ConnectorsRedirect)),
      scopes: read,
      replaces: connector.name,
      sidebar: { group: 'authentication', order: 4, titleKey: 'sidebar.connectors', icon: ApiOutlined },
    },
    {
      path: 'connectors/passwordless',
      placement: 'layout',
      component: lazyPage(() => import('./ConnectorsPage').then((m) => m.ConnectorsPage)),
      scopes: read,
    },
    {
      path: 'connectors/social',
      placement: 'layout',
      component: lazyPage(() => import('./ConnectorsPage').then((m) => m.SocialConnectorsPage)),
      scopes: read,
    },
  ],
});

export const connectorsLinks = {
  root: linkTo(feature.pages[0].path),
  passwordless: linkTo(feature.pages[1].path),
  social: linkTo(feature.pages[2].path),
};
