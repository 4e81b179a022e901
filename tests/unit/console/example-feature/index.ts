import { AuditOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature, linkTo } from '../../../../src/console/feature-modules/define';

/**
 * An example feature module, written as `src/console/features/activity/index.ts` would be: one console page in
 * the layout, with a sidebar entry in the developer group after the webhooks and audit logs, shown to callers holding `read:logs`.
 */
export const feature = defineFeature({
  name: 'activity',
  pages: [
    {
      path: 'activity',
      placement: 'layout',
      component: lazy(() => import('./ActivityPage').then((m) => ({ default: m.ActivityPage }))),
      scopes: ['read:logs'],
      sidebar: { group: 'developer', order: 5, titleKey: 'sidebar.audit_logs', icon: AuditOutlined },
    },
    {
      path: 'activity/:entryId',
      placement: 'layout',
      component: lazy(() => import('./ActivityPage').then((m) => ({ default: m.ActivityEntryPage }))),
      scopes: ['read:logs'],
    },
  ],
});

/** Typed links: `activityLinks.one({ entryId })` does not compile without the id. */
export const activityLinks = {
  root: linkTo(feature.pages[0].path),
  one: linkTo(feature.pages[1].path),
};
