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
  /**
   * The audience a token for `tenantId` from the provider of `issuerTenant` must carry (for management tokens, the
   * tenant's management API indicator), or one of several; undefined accepts any audience.
   */
  audience: (tenantId: string, issuerTenant: string) => string | readonly string[] | undefined;
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

/** How many verified tokens each key set remembers (the oldest is forgotten first). */
const VERIFIED_PER_KEY_SET = 10_000;

interface Verified {
  claims: AccessTokenClaims;
  /** The token's `exp` (Unix seconds), when it has one. */
  expires: number | undefined;
}

/**
 * Tokens already verified against a published key set, by issuer, audience and token: a client sends the same token
 * with each request until it expires, and checking its signature again costs most of a read's CPU. An entry serves
 * until the token's expiry, as verifying it again would; new keys are a new key set, whose tokens are verified anew.
 */
const verifiedTokens = new WeakMap<JSONWebKeySet, Map<string, Verified>>();
const verifiedOf = (jwks: JSONWebKeySet) => {
  let verified = verifiedTokens.get(jwks);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(jwks, verified);
  }
  return verified;
};

/** A copy of the claims, so that no caller can change what the next request with the token gets. */
const copyOf = (claims: AccessTokenClaims): AccessTokenClaims => ({ ...claims, scopes: [...claims.scopes] });

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
    const jwks = await trusted.jwks();
    const expected = audience(tenantId, trusted.tenantId);
    const verified = verifiedOf(jwks);
    const key = `${trusted.issuer}\n${expected === undefined ? '\0any' : String(expected)}\n${token}`;
    const known = verified.get(key);
    // Expired when `exp` is not after the current second, as the verification below would find it.
    if (known && (known.expires === undefined || known.expires > Math.floor(Date.now() / 1000))) {
      return copyOf(known.claims);
    }
    verified.delete(key);
    try {
      const { payload } = await jwtVerify(token, keySetOf(jwks), {
        issuer: trusted.issuer,
        audience: typeof expected === 'string' || expected === undefined ? expected : [...expected],
        algorithms: ['RS256', 'ES256', 'ES384', 'EdDSA'],
      });
      const claims: AccessTokenClaims = {
        subject: String(payload.sub ?? ''),
        clientId: typeof payload.client_id === 'string' ? payload.client_id : undefined,
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        issuerTenant: trusted.tenantId,
      };
      if (verified.size >= VERIFIED_PER_KEY_SET) verified.delete(verified.keys().next().value as string);
      verified.set(key, { claims: copyOf(claims), expires: typeof payload.exp === 'number' ? payload.exp : undefined });
      return claims;
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
