import { useCustom } from '@refinedev/core';
import { apiRoutes } from '../../generated/api-paths';
import { apiPath } from '../../shared/api-path';
import { DEFAULT_TENANT_ID } from '../../shared/tenant-ids';
import { tenancyShell } from '../tenancy/shell';

/**
 * The managed tenant's base URL, where its fixed URLs are (the callbacks registered at identity providers): the one
 * its discovered endpoint names (`GET /.well-known/endpoints/{tenantId}`: the console's origin for the default
 * tenant, `/t/{tenantId}` below it for another); undefined until known.
 */
export const useTenantBaseUrl = () => {
  const { result, query } = useCustom<{ user?: string }>({
    url: apiPath(apiRoutes.discovery.actions.endpoints, { id: tenancyShell.currentTenantId() ?? DEFAULT_TENANT_ID }),
    method: 'get',
    errorNotification: false,
    queryOptions: { staleTime: Number.POSITIVE_INFINITY },
  });
  if (query.isLoading) return undefined;
  // Unanswered, the default tenant's: the console's own origin.
  return new URL(result?.data?.user ?? '/', window.location.origin).href.replace(/\/+$/, '');
};
