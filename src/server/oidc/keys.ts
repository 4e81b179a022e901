import { createPrivateKey, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

/** The key types of `/api/configs/oidc/{keyType}`, as Logto names them. */
export const keyTypes = ['private-keys', 'cookie-keys'] as const;
export type KeyType = (typeof keyTypes)[number];
export const isKeyType = (value: unknown): value is KeyType => keyTypes.includes(value as KeyType);

export type SigningKeyAlgorithm = 'RSA' | 'EC';
export type KeyStatus = 'Next' | 'Current' | 'Previous';

/** A stored key of the tenant's provider; `value` is its secret material and never leaves the server. */
export interface StoredKey {
  id: string;
  type: KeyType;
  status: KeyStatus;
  signingKeyAlgorithm: SigningKeyAlgorithm | null;
  value: string;
  createdAt: number;
  /** A `Next` key's activation: when it becomes the current key (ms since the epoch). */
  activatesAt?: number | null;
}

export type PrivateJwk = Record<string, unknown> & { kid: string; kty: string; alg: string; use: string };

export interface TenantKeys {
  /** Signing keys, the current one first: it signs, and all of them are published. */
  privateKeys: PrivateJwk[];
  /** Keys that sign the provider's cookies, the current one first: it signs, the others still verify. */
  cookieKeys: string[];
  /** The JWS algorithm of the current signing key. */
  signingAlg: string;
}

/** The JWS algorithm a key family signs with: RS256 for RSA keys, ES384 for the P-384 curve of EC keys. */
const jwsAlgorithm = (algorithm: SigningKeyAlgorithm) => (algorithm === 'RSA' ? 'RS256' : 'ES384');

/** A new private key of the family, as a PKCS #8 PEM string. */
export const newPrivateKeyPem = async (algorithm: SigningKeyAlgorithm): Promise<string> => {
  const { privateKey } =
    algorithm === 'RSA'
      ? await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
      : await promisify(generateKeyPair)('ec', { namedCurve: 'secp384r1' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
};

export const newCookieKey = (): string => randomBytes(32).toString('base64url');

/** A JWK private key (as an earlier release stored it) in PKCS #8 PEM, and its family. */
export const pemOfJwk = (jwk: Record<string, unknown>) => ({
  pem: createPrivateKey({ key: jwk as never, format: 'jwk' })
    .export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  algorithm: (jwk.kty === 'EC' ? 'EC' : 'RSA') as SigningKeyAlgorithm,
});

/** A stored signing key as the provider takes it: a private JWK named by the key's id. */
export const signingJwk = (key: StoredKey): PrivateJwk => {
  const jwk = createPrivateKey(key.value).export({ format: 'jwk' }) as Record<string, unknown>;
  const kty = String(jwk.kty);
  return { ...jwk, kty, kid: key.id, alg: jwsAlgorithm(key.signingKeyAlgorithm ?? 'RSA'), use: 'sig' };
};

/** The provider's keys from the stored ones (each type's current key first: it signs; the others are published). */
export const tenantKeysOf = (keys: StoredKey[]): TenantKeys => {
  const privateKeys = keys.filter((key) => key.type === 'private-keys').map(signingJwk);
  const cookieKeys = keys.filter((key) => key.type === 'cookie-keys').map((key) => key.value);
  const current = privateKeys[0];
  if (!current || cookieKeys.length === 0) throw new Error('The tenant has no signing or cookie key');
  return { privateKeys, cookieKeys, signingAlg: current.alg };
};

/** A key as the Management API shows it: no key material; private keys with their algorithm and status. */
export const keyView = (key: StoredKey) =>
  key.type === 'private-keys'
    ? { id: key.id, createdAt: key.createdAt, signingKeyAlgorithm: key.signingKeyAlgorithm, status: key.status }
    : { id: key.id, createdAt: key.createdAt };

/** The JWS algorithms a tenant's keys may sign with (RSA and EC keys, as Logto's). */
const SIGNING_ALGS = ['RS256', 'PS256', 'ES256', 'ES384', 'ES512'];

/** Provider settings that let the current key sign ID tokens and the rest whatever its algorithm. */
export const signingAlgorithms = (signingAlg: string) => ({
  clientDefaults: {
    grant_types: ['authorization_code'],
    id_token_signed_response_alg: signingAlg,
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  },
  enabledJWA: {
    idTokenSigningAlgValues: [...SIGNING_ALGS],
    userinfoSigningAlgValues: [...SIGNING_ALGS],
    introspectionSigningAlgValues: [...SIGNING_ALGS],
    authorizationSigningAlgValues: [...SIGNING_ALGS],
  },
});

/**
 * Which keys there are and which signs: equal fingerprints, same keys. A `Next` key whose time has come (`due`)
 * changes it, so the provider reloads its keys and the staged rotation completes.
 */
export const keysFingerprint = (keys: (Pick<StoredKey, 'id' | 'status'> & { due?: boolean })[]) =>
  keys
    .map((key) => `${key.id}:${key.status}${key.due ? ':due' : ''}`)
    .sort()
    .join(',');

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** The public half of the keys, as published at `{issuer}/jwks`. */
export const publicJwks = (keys: PrivateJwk[]) => ({
  keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name)))),
});
