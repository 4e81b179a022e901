import { DEFAULT_TENANT_ID } from '../../shared/tenant-ids';
import { tenantOrganizationId } from '../../shared/tenant-permissions';
import { isCloud } from './edition';

/** The console's base path. */
const CONSOLE_PATH = '/console';

/**
 * The cloud console's pages that belong to no tenant (spec §2): the first path segment below `/console` of the sign-in
 * callback, the first run's welcome, the profile, onboarding, an invitation's acceptance and the checkout's return. Every other first segment
 * is a tenant id.
 */
export const ROOT_SEGMENTS: ReadonlySet<string> = new Set([
  'callback',
  'welcome',
  'profile',
  'onboarding',
  'accept',
  'checkout-success',
  'auth-status',
  'handle-social',
]);

const TENANT_ID = /^[a-z0-9][a-z0-9-]{0,20}$/;

/** Where the console's router is rooted and which tenant it manages (none on the cloud's root pages). */
export interface ConsoleLocation {
  basename: string;
  tenantId: string | undefined;
}

/**
 * The open-source console manages the `default` tenant at `/console`; the cloud console manages tenant `{id}` at
 * `/console/{id}` (its routes below, as the open-source ones), and shows its root pages at `/console`.
 */
export const consoleLocationOf = (pathname: string, cloud = isCloud()): ConsoleLocation => {
  if (!cloud) return { basename: CONSOLE_PATH, tenantId: DEFAULT_TENANT_ID };
  const segment = /^\/console\/([^/]+)/.exec(pathname)?.[1];
  if (!segment || ROOT_SEGMENTS.has(segment) || !TENANT_ID.test(segment)) {
    return { basename: CONSOLE_PATH, tenantId: undefined };
  }
  return { basename: `${CONSOLE_PATH}/${segment}`, tenantId: segment };
};

let current: ConsoleLocation | undefined;

/** The page's location, fixed when the page loads: another tenant is another page load. */
export const currentConsoleLocation = (): ConsoleLocation => {
  current ??= consoleLocationOf(typeof window === 'undefined' ? CONSOLE_PATH : window.location.pathname);
  return current;
};

/** The tenant this page manages (the `default` tenant in the open-source edition). */
export const currentTenantId = (): string | undefined => currentConsoleLocation().tenantId;

/** The organization whose token a cloud console page calls its tenant with. */
export const currentTenantOrganization = (): string | undefined => {
  const tenantId = currentTenantId();
  return tenantId === undefined ? undefined : tenantOrganizationId(tenantId);
};

/** The URL of a tenant's console page (`path` below the tenant, default its root). */
export const tenantConsoleHref = (tenantId: string, path = '/'): string =>
  `${CONSOLE_PATH}/${tenantId}${path === '/' ? '' : path}`;

/**
 * A console path (below `/console`, as the sign-in remembers it) that another router serves: in the cloud, a path of
 * a tenant when the page is at the root or another tenant, and a root page when the page is a tenant's. Such a path
 * is a page load; undefined means the current router goes there.
 */
export const pageLoadFor = (path: string): string | undefined => {
  if (!isCloud()) return undefined;
  const target = consoleLocationOf(`${CONSOLE_PATH}${path}`, true);
  const here = currentConsoleLocation();
  return target.basename === here.basename ? undefined : `${CONSOLE_PATH}${path}`;
};

/** A path of the current router as a console path (below `/console`), which the sign-in remembers. */
export const consolePathFromRouter = (path: string): string => {
  const { basename } = currentConsoleLocation();
  return `${basename.slice(CONSOLE_PATH.length)}${path}`;
};
