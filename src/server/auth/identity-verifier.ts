import type { Identity } from '../oidc/index.js';
import { ADMIN_TENANT_ID, DEFAULT_TENANT_ID, managementApiIndicator } from '../tenants/urls.js';
import { createTokenVerifier, type TrustedIssuer } from './token-verifier.js';

/**
 * Management tokens a tenant accepts: from its own provider (machine-to-machine apps of the tenant) and from the
 * admin tenant's provider (console users), always for the tenant's management API.
 */
const issuerOf =
  (identity: Identity) =>
  async (tenantId: string): Promise<TrustedIssuer | undefined> => {
    const provider = await identity.provider(tenantId);
    if (!provider) return undefined;
    return { tenantId, issuer: identity.issuerOf(tenantId), jwks: async () => provider.jwks };
  };

/** The tenant's own provider and, for any other tenant than the admin tenant, the admin tenant's. */
export const tenantIssuers = (identity: Identity) => {
  const issuer = issuerOf(identity);
  return async (tenantId: string): Promise<TrustedIssuer[]> => {
    const trusted = await Promise.all([
      issuer(tenantId),
      tenantId === ADMIN_TENANT_ID ? undefined : issuer(ADMIN_TENANT_ID),
    ]);
    return trusted.filter((entry): entry is TrustedIssuer => entry !== undefined);
  };
};

export const identityVerifier = (identity: Identity) =>
  createTokenVerifier({ trustedIssuers: tenantIssuers(identity), audience: managementApiIndicator });

/**
 * Tokens of console users for their own account (`/me`): issued by the admin tenant, for the console's API (in the
 * open-source edition, the default tenant's management API).
 */
export const consoleUserVerifier = (identity: Identity) => {
  const issuer = issuerOf(identity);
  return createTokenVerifier({
    trustedIssuers: async () => [await issuer(ADMIN_TENANT_ID)].filter((entry): entry is TrustedIssuer => !!entry),
    audience: () => managementApiIndicator(DEFAULT_TENANT_ID),
  });
};
