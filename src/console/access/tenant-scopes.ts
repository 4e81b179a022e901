import type { User } from 'oidc-client-ts';
import { useEffect, useState } from 'react';
import { isCloud } from '../tenancy/edition';
import { currentTenantOrganization } from '../tenancy/location';
import { tenantAccessToken } from '../tenancy/tenant-token';
import { grantedScopes } from './scopes';

/**
 * A cloud tenant's page: the scopes of the tenant's organization token (`null` while it is fetched, once the user is
 * signed in); anywhere else `undefined` (the session's token decides).
 */
export const useTenantScopes = (user: User | null | undefined): string[] | null | undefined => {
  const applies = isCloud() && currentTenantOrganization() !== undefined && Boolean(user);
  const [scopes, setScopes] = useState<string[] | null>(null);
  useEffect(() => {
    if (!applies) return;
    let cancelled = false;
    tenantAccessToken().then(
      (token) => {
        if (!cancelled) setScopes(grantedScopes(token));
      },
      () => {
        if (!cancelled) setScopes([]);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [applies]);
  return applies ? scopes : undefined;
};
