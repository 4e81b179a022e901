import { CodeOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/**
 * `/console/customize-jwt` (spec §2, row 19): the tenant's JWT customizers, one per token type, and the editor of one
 * (`customize-jwt/{tokenType}/{create|edit}`) with its script, variables and test run.
 */
export const feature = defineFeature({
  name: 'customize-jwt',
  pages: [
    {
      path: 'customize-jwt',
      placement: 'layout',
      component: lazyPage(() => import('./CustomizeJwt').then((m) => m.CustomizeJwt)),
      scopes: ['read:data'],
      sidebar: { group: 'developer', order: 2, titleKey: 'sidebar.customize_jwt', icon: CodeOutlined },
    },
    {
      path: 'customize-jwt/:tokenType/:action',
      placement: 'layout',
      component: lazyPage(() => import('./CustomizerEditor').then((m) => m.CustomizerEditor)),
      scopes: ['read:data'],
    },
  ],
});

export const customizeJwtLinks = {
  root: linkTo(feature.pages[0].path),
  editor: linkTo(feature.pages[1].path),
};
