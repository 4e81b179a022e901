import { API_BASE } from '../../generated/api-paths';
import { DEFAULT_TENANT_ID } from '../../shared/tenant-ids';
import { createAuthProvider, getAccountApi, getAuth } from '../auth';
import { fetchTenantEndpoint } from '../auth/account-api';
import { i18n } from '../i18n';
import { allEntries, apiPaths } from '../registry';
import { tenancyShell } from '../tenancy/shell';
import { createDataProvider } from './data-provider';
import { createI18nProvider } from './i18n-provider';

/**
 * The managed tenant's management API (spec §7): at the base URL its endpoint names (`/api` below it), every call
 * with the signed-in user's token for it (in the cloud, the tenant's organization token) and the console's language; failures reach the session first (spec §8).
 */
export const dataProvider = createDataProvider({
  apiPaths,
  singletons: allEntries.filter((entry) => entry.kind === 'singleton').map((entry) => entry.name),
  searches: Object.fromEntries(
    allEntries.flatMap(({ name, search }) =>
      search.param === 'search' && search.match === 'pattern' ? [] : [[name, search]],
    ),
  ),
  baseUrl: API_BASE,
  resolveBaseUrl: async () =>
    `${await fetchTenantEndpoint(tenancyShell.currentTenantId() ?? DEFAULT_TENANT_ID, { origin: window.location.origin }).catch(() => '')}/api`,
  getAccessToken: tenancyShell.tenantAccessToken,
  getLanguage: () => i18n.language,
  onError: (error) => getAuth().handleApiError(error),
});
export const authProvider = createAuthProvider(getAuth(), getAccountApi);
export const i18nProvider = createI18nProvider(i18n);
export { useNotificationProvider } from './notification-provider';
