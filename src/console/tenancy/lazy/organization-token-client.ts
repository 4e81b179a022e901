import { OrganizationTokenError, OrganizationTokens } from '../../auth/organization-tokens';
import { tenancyShell } from '../shell';

export { OrganizationTokenError };

let organizations: OrganizationTokens | undefined;

/** The signed-in user's organization tokens (the cloud console's tokens for its tenants), one set per page. */
export const getOrganizationTokens = (): OrganizationTokens => {
  const { manager, lock } = tenancyShell.oidc();
  organizations ??= new OrganizationTokens(manager, lock ? { lock } : {});
  return organizations;
};
