import { lazy } from 'react';
import { defineFeature, linkTo } from '../../../../src/console/feature-modules/define';

/**
 * An example feature module, written as `src/console/features/audit-logs/index.ts` would be: one console page in
 * the layout, with a sidebar entry in the developer group after the webhooks, shown to callers holding `read:logs`.
 */
export const feature = defineFeature({
  name: 'audit-logs',
  pages: [
    {
      path: 'audit-logs',
      placement: 'layout',
      component: lazy(() => import('./AuditLogsPage').then((m) => ({ default: m.AuditLogsPage }))),
      scopes: ['read:logs'],
      sidebar: { group: 'developer', order: 4, titleKey: 'sidebar.audit_logs', icon: 'audit' },
    },
    {
      path: 'audit-logs/:logId',
      placement: 'layout',
      component: lazy(() => import('./AuditLogsPage').then((m) => ({ default: m.AuditLogPage }))),
      scopes: ['read:logs'],
    },
  ],
});

/** Typed links: `auditLogsLinks.one({ logId })` does not compile without the id. */
export const auditLogsLinks = {
  root: linkTo(feature.pages[0].path),
  one: linkTo(feature.pages[1].path),
};
