export { tenantDirectory } from './directory.js';
export { TenantRegistry, type TenantRow } from './registry.js';
export { MANAGEMENT_ROLE_NAME, seedTenant, seedTenants } from './seed.js';
export {
  ADMIN_CONSOLE_APP_ID,
  ADMIN_TENANT_ID,
  builtInTenants,
  DEFAULT_TENANT_ID,
  defaultTenantAdminRole,
  isTenantId,
  MANAGEMENT_API_SCOPE,
  managementApiIndicator,
  originOf,
  QA_SCOPE,
  tenantBasePath,
  tenantBaseUrl,
  tenantIssuer,
} from './urls.js';
