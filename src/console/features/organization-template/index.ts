import { ClusterOutlined } from '@ant-design/icons';
import { defineFeature, linkTo } from '../../feature-modules/define';

/**
 * `/console/organization-template`: the roles and permissions every organization shares, as two tabs, the
 * organization roles (first) and the organization permissions; each tab is its entity's generated list.
 */
export const feature = defineFeature({
  name: 'organization-template',
  pages: [
    {
      path: 'organization-template',
      placement: 'layout',
      tabs: {
        titleKey: 'organization_template.title',
        subtitleKey: 'organization_template.subtitle',
        resources: ['organizationRole', 'organizationScope'],
      },
      scopes: ['read:data'],
      sidebar: { group: 'authorization', order: 3, titleKey: 'sidebar.organization_template', icon: ClusterOutlined },
    },
  ],
});

export const organizationTemplateLinks = { root: linkTo(feature.pages[0].path) };
