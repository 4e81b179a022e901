import { CodeSandboxOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/** `/console/config-as-code`: the tenant's configuration downloaded as files, and files planned and applied. */
export const feature = defineFeature({
  name: 'config-as-code',
  pages: [
    {
      path: 'config-as-code',
      placement: 'layout',
      component: lazyPage(() => import('./ConfigAsCode').then((m) => m.ConfigAsCode)),
      // Reading is enough to download and plan (the plan writes nothing); applying needs the write scope.
      scopes: ['read:data'],
      sidebar: { group: 'developer', order: 7, titleKey: 'sidebar.config_as_code', icon: CodeSandboxOutlined },
    },
  ],
});

export const configAsCodeLinks = { root: linkTo(feature.pages[0].path) };
