import { createLocalJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify } from 'jose';

/** Who a verified access token speaks for. */
export interface AccessTokenClaims {
  subject: string;
  clientId: string | undefined;
  scopes: string[];
  /** The tenant whose OpenID provider issued the token. */
  issuerTenant: string;
}

export interface TrustedIssuer {
  tenantId: string;
  issuer: string;
  /** The issuer's public keys (its JWKS), read locally: no HTTP round trip per request. */
  jwks: () => Promise<JSONWebKeySet>;
}

export interface VerifierOptions {
  /** The issuers whose tokens tenant `tenantId` accepts: its own provider, and the admin tenant's for console users. */
  trustedIssuers: (tenantId: string) => Promise<TrustedIssuer[]>;
  /** The audience a management token for `tenantId` must carry (the tenant's management API indicator). */
  audience: (tenantId: string) => string;
}

export class TokenRejected extends Error {}

/**
 * The verifying key set of each published key set, kept while that key set is: building one imports its keys, which
 * cost about as much as the signature check itself, on every request. Another key set (another provider, new keys)
 * gets its own.
 */
const keySets = new WeakMap<JSONWebKeySet, ReturnType<typeof createLocalJWKSet>>();
const keySetOf = (jwks: JSONWebKeySet) => {
  let keySet = keySets.get(jwks);
  if (!keySet) {
    keySet = createLocalJWKSet(jwks);
    keySets.set(jwks, keySet);
  }
  return keySet;
};

/** Verifies management API bearer tokens: signature, issuer, audience, expiry; returns subject and scopes. */
export const createTokenVerifier = ({ trustedIssuers, audience }: VerifierOptions) => ({
  async verify(token: string, tenantId: string): Promise<AccessTokenClaims> {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new TokenRejected('The access token is not a JWT.');
    }
    const trusted = (await trustedIssuers(tenantId)).find((candidate) => candidate.issuer === issuer);
    if (!trusted) throw new TokenRejected('The access token comes from an issuer this tenant does not trust.');
    try {
      const { payload } = await jwtVerify(token, keySetOf(await trusted.jwks()), {
        issuer: trusted.issuer,
        audience: audience(tenantId),
        algorithms: ['RS256', 'ES256', 'ES384', 'EdDSA'],
      });
      return {
        subject: String(payload.sub ?? ''),
        clientId: typeof payload.client_id === 'string' ? payload.client_id : undefined,
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        issuerTenant: trusted.tenantId,
      };
    } catch (error) {
      throw new TokenRejected((error as Error).message);
    }
  },
});

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** A verifier built on first use (its key sources exist only once the server is set up). */
export const lazyVerifier = (make: () => TokenVerifier): TokenVerifier => {
  let verifier: TokenVerifier | undefined;
  return {
    verify: (token, tenantId) => {
      verifier ??= make();
      return verifier.verify(token, tenantId);
    },
  };
};
