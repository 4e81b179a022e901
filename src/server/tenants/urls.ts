import { ADMIN_TENANT_ID, DEFAULT_TENANT_ID } from '../../shared/tenant-ids.js';
import { CLOUD_USER_ROLE } from '../../shared/tenant-permissions.js';

export { ADMIN_TENANT_ID, DEFAULT_TENANT_ID };

/** The tenants every installation has; the cloud edition adds more rows to `tenants`, nothing here changes. */
export const builtInTenants = [
  { id: ADMIN_TENANT_ID, name: 'Admin', tag: 'production' },
  { id: DEFAULT_TENANT_ID, name: 'Default', tag: 'development' },
] as const;

/** Tenant ids as the database layer accepts them (spec §9: lowercase letters, digits and dashes). */
export const TENANT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,20}$/;

export const isTenantId = (value: unknown): value is string =>
  typeof value === 'string' && TENANT_ID_PATTERN.test(value);

/**
 * Where a tenant lives below the server's public origin: the `default` tenant at the origin itself, every other
 * tenant at `/t/{tenantId}`. Its OpenID provider is at `{base}/oidc`, its sign-in pages at `{base}/interaction`.
 */
export const tenantBasePath = (tenantId: string): string => (tenantId === DEFAULT_TENANT_ID ? '' : `/t/${tenantId}`);

export const tenantBaseUrl = (origin: string, tenantId: string): string => `${origin}${tenantBasePath(tenantId)}`;

/** The issuer of the tenant's tokens. */
export const tenantIssuer = (origin: string, tenantId: string): string => `${tenantBaseUrl(origin, tenantId)}/oidc`;

/** The resource indicator (token audience) of a tenant's management API, as Logto names it per tenant. */
export const managementApiIndicator = (tenantId: string): string => `https://${tenantId}.gatehouse.internal/api`;

/** Whether an indicator names a tenant's management API (the server's own, which callers cannot change). */
export const isManagementApiIndicator = (indicator: unknown): boolean =>
  typeof indicator === 'string' && /^https:\/\/[a-z0-9][a-z0-9-]{0,20}\.gatehouse\.internal\/api$/.test(indicator);

/**
 * A resource indicator as the tenant's resources name it: Logto's name of a tenant's management API
 * (`https://{tenantId}.logto.app/api`, which `createManagementApi` of `@logto/api` asks for by default) is read as
 * that tenant's own indicator, so a Logto client works unchanged; any other indicator is itself.
 */
export const canonicalIndicator = (indicator: string): string => {
  const tenantId = /^https:\/\/([a-z0-9][a-z0-9-]{0,20})\.logto\.app\/api$/.exec(indicator)?.[1];
  return tenantId ? managementApiIndicator(tenantId) : indicator;
};

/** The scope that grants the whole management API. */
export const MANAGEMENT_API_SCOPE = 'all';

/**
 * The scope of the QA service (`/api/qa/...`: the generated forms and their fixtures), a scope of its own that `all`
 * does not include; no role is seeded with it, an administrator grants it to the QA engineers' role
 * (`GATEHOUSE_BOOTSTRAP_QA=true` grants it to the console's administrators).
 */
export const QA_SCOPE = 'qa:read';

/** The User role of the admin tenant that grants the `default` tenant's management API (the OSS console admin). */
export const defaultTenantAdminRole = `${DEFAULT_TENANT_ID}:admin`;

/**
 * The admin tenant's roles a console account is created with: the `default` tenant's administrator, and in the cloud
 * edition the cloud API's `user` (creating and managing one's tenants); a role the edition does not seed is skipped.
 */
export const consoleAccountRoles = [defaultTenantAdminRole, CLOUD_USER_ROLE];

/** The console's OpenID client in the admin tenant. */
export const ADMIN_CONSOLE_APP_ID = 'admin-console';

/** Turns a configured public URL into the origin every tenant URL starts with (no path, no trailing slash). */
export const originOf = (publicUrl: string): string => {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must be http(s): ${publicUrl}`);
  return url.origin;
};
