import { getAuth } from '../auth/client';
import { isCloud } from './edition';
import { currentTenantOrganization } from './location';

/**
 * The token the console calls its tenant's management API with: the session's access token in the open-source
 * edition, the tenant's organization token in the cloud. A member no longer in the tenant goes back to the root
 * (spec §2: the tenant selection); a refresh token the provider no longer knows signs in again.
 */
export const tenantAccessToken = async (): Promise<string | undefined> => {
  const organization = currentTenantOrganization();
  if (!isCloud() || organization === undefined) return getAuth().getAccessToken();
  // Only the cloud console trades for organization tokens: their code loads with its first call.
  const { getOrganizationTokens, OrganizationTokenError } = await import('./lazy/organization-token-client');
  try {
    return await getOrganizationTokens().get(organization);
  } catch (error) {
    if (error instanceof OrganizationTokenError && error.status === 403) window.location.assign('/console');
    else if (error instanceof OrganizationTokenError && error.error === 'invalid_grant') void getAuth().reSignIn();
    throw error;
  }
};
