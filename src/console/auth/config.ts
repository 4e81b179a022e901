import { ADMIN_TENANT_ID, DEFAULT_TENANT_ID } from '../../shared/tenant-ids';
import { CLOUD_API_INDICATOR, cloudApiScopes, tenantPermissions } from '../../shared/tenant-permissions';
import { isCloud } from '../tenancy/edition';

/**
 * Where the console signs in and what it asks for. The console's users live in the `admin` tenant; the console
 * manages the `default` tenant through its management API, with an access token issued for that API.
 */

/** The tenant the console manages (the only one of the open-source edition). */
export const MANAGED_TENANT_ID = DEFAULT_TENANT_ID;
/** The console's public single page client (authorization code with PKCE). */
export const CONSOLE_CLIENT_ID = 'admin-console';
/** The managed tenant's management API (audience of the access token the console sends with every call). */
export const MANAGEMENT_API_RESOURCE = `https://${MANAGED_TENANT_ID}.gatehouse.internal/api`;
/** The management API scope granting everything; the admin tenant's `default:admin` role grants it. */
export const MANAGEMENT_API_SCOPE = 'all';
/** The QA service's scope (the form gallery): the token carries it only for users whose roles grant it. */
export const QA_SCOPE = 'qa:read';
/**
 * `offline_access` brings a refresh token (renewal without leaving the page); `profile` and `email` name the user in
 * the top bar; `all` is the management API's scope; `qa:read` opens the QA form gallery to those who hold it.
 */
export const SIGN_IN_SCOPES = ['openid', 'offline_access', 'profile', 'email', MANAGEMENT_API_SCOPE, QA_SCOPE].join(
  ' ',
);
/** Logto's scope that lets the console trade its refresh token for organization tokens, and their resource. */
const ORGANIZATIONS_SCOPE = 'urn:logto:scope:organizations';
const ORGANIZATION_RESOURCE = 'urn:logto:resource:organizations';

/**
 * The cloud console's sign-in (spec §6): the cloud API's scopes (creating and managing one's tenants) and every tenant
 * permission, which the tenants' organization tokens then carry as far as the member's role grants them.
 */
export const CLOUD_SIGN_IN_SCOPES = [
  'openid',
  'offline_access',
  'profile',
  'email',
  ORGANIZATIONS_SCOPE,
  ...Object.values(cloudApiScopes),
  ...Object.values(tenantPermissions),
].join(' ');

/** The resource of the console's own access token: the managed tenant's API, or in the cloud the cloud API. */
export const consoleResource = (): string => (isCloud() ? CLOUD_API_INDICATOR : MANAGEMENT_API_RESOURCE);
/** The resources the sign-in asks for (in the cloud also the organization template's, for the tenant permissions). */
export const signInResources = (): string | string[] =>
  isCloud() ? [CLOUD_API_INDICATOR, ORGANIZATION_RESOURCE] : MANAGEMENT_API_RESOURCE;
export const signInScopes = (): string => (isCloud() ? CLOUD_SIGN_IN_SCOPES : SIGN_IN_SCOPES);

/**
 * Every sign-in asks for the password and shows what the console gets (spec §6). The provider also issues refresh
 * tokens only when consent is prompted for.
 */
export const SIGN_IN_PROMPT = 'login consent';

/** The console's base path; routes below it are what the router sees. */
export const CONSOLE_BASE_PATH = '/console';

export interface ConsoleUrls {
  /** The admin tenant's OpenID provider (issuer). */
  authority: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** The admin tenant's base URL: the signed-in user's own account is at `{adminBase}/me`. */
  adminBase: string;
}

/** The URLs of the console's sign-in, all on the origin the console is served from. */
export const consoleUrls = (origin: string): ConsoleUrls => ({
  authority: `${origin}/t/${ADMIN_TENANT_ID}/oidc`,
  redirectUri: `${origin}${CONSOLE_BASE_PATH}/callback`,
  postLogoutRedirectUri: `${origin}${CONSOLE_BASE_PATH}`,
  adminBase: `${origin}/t/${ADMIN_TENANT_ID}`,
});
