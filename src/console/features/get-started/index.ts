import { RocketOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/**
 * `/console/get-started`: the next steps of setting up a tenant, each a link into the product. First in the sidebar,
 * so the console's root lands here.
 */
export const feature = defineFeature({
  name: 'get-started',
  pages: [
    {
      path: 'get-started',
      placement: 'layout',
      component: lazyPage(() => import('./GetStarted').then((m) => m.GetStarted)),
      sidebar: { group: 'overview', order: 1, titleKey: 'sidebar.get_started', icon: RocketOutlined },
    },
  ],
});

export const getStartedLinks = { root: linkTo(feature.pages[0].path) };
