import type { TenantRegion } from '../../shared/tenant-permissions';
import { tenantRegions } from '../../shared/tenant-permissions';
import type { AccountApi } from '../auth/account-api';
import { getAccountApi, userManager, webLock } from '../auth/client';
import { currentTenantId, pageLoadFor, tenantConsoleHref } from './location';
import { tenantAccessToken } from './tenant-token';

/**
 * What the lazily loaded pieces of the console's tenancy (and the pages that follow a sign-in) take from the first
 * load, as one object of one module: each module the first load shares with a lazily loaded chunk becomes a chunk of
 * its own, so they share this one rather than each of the modules behind it.
 */
export const tenancyShell = {
  currentTenantId: (): string | undefined => currentTenantId(),
  tenantConsoleHref: (tenantId: string, path?: string): string => tenantConsoleHref(tenantId, path),
  pageLoadFor: (path: string): string | undefined => pageLoadFor(path),
  tenantAccessToken: (): Promise<string | undefined> => tenantAccessToken(),
  accountApi: (): AccountApi => getAccountApi(),
  /** The OpenID client and the cross-tab lock the organization tokens share with the session. */
  oidc: () => ({ manager: userManager(), lock: webLock }),
  regions: (): readonly TenantRegion[] => tenantRegions,
};
