/**
 * The icon names a descriptor's `console.sidebar.icon` may use. Pure data (no React): codegen imports this list to
 * reject an unknown name, and `icons.tsx` must map every name to a component (TypeScript checks it).
 */
export const sidebarIconNames = [
  'api',
  'application',
  'audit',
  'dashboard',
  'key',
  'lock',
  'organization',
  'rocket',
  'security',
  'settings',
  'team',
  'template',
  'user',
  'webhook',
] as const;
export type SidebarIconName = (typeof sidebarIconNames)[number];
