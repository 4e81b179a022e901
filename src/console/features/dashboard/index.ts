import { DashboardOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/** `/console/dashboard`: total, new and active users of the tenant; its chart is loaded with the page only. */
export const feature = defineFeature({
  name: 'dashboard',
  pages: [
    {
      path: 'dashboard',
      placement: 'layout',
      component: lazyPage(() => import('./Dashboard').then((m) => m.Dashboard)),
      // What the dashboard API asks (the management API's read scope).
      scopes: ['read:data'],
      sidebar: { group: 'overview', order: 2, titleKey: 'sidebar.dashboard', icon: DashboardOutlined },
    },
  ],
});

export const dashboardLinks = { root: linkTo(feature.pages[0].path) };
