import { KeyOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';

/** `/console/signing-keys`: the tenant's token signing keys and cookie keys, rotated and pruned. */
export const feature = defineFeature({
  name: 'signing-keys',
  pages: [
    {
      path: 'signing-keys',
      placement: 'layout',
      component: lazyPage(() => import('./SigningKeys').then((m) => m.SigningKeys)),
      // What `/api/configs/oidc/*` asks (the management API's scope).
      scopes: ['read:data'],
      sidebar: { group: 'developer', order: 1, titleKey: 'sidebar.signing_keys', icon: KeyOutlined },
    },
  ],
});

export const signingKeysLinks = { root: linkTo(feature.pages[0].path) };
