import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { generateId } from '../crud/ids.js';
import type { Database, Queryable } from '../db/database.js';

/** `tenant_configs` keys of a tenant's provider secrets. */
export const PRIVATE_KEYS_CONFIG = 'oidc.privateKeys';
export const COOKIE_KEYS_CONFIG = 'oidc.cookieKeys';

export const SIGNING_ALG = 'RS256';

export type PrivateJwk = Record<string, unknown> & { kid: string; kty: string; alg?: string; use?: string };

export interface TenantKeys {
  /** Signing keys, the first one signs; all of them are published. */
  privateKeys: PrivateJwk[];
  /** Keys that sign the provider's cookies, the first one signs. */
  cookieKeys: string[];
}

const newSigningKey = async (): Promise<PrivateJwk> => {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { ...jwk, kty: 'RSA', kid: generateId(), alg: SIGNING_ALG, use: 'sig' };
};

const newCookieKey = () => randomBytes(32).toString('base64url');

/** Reads a config value, writing `make()` first when it is missing; a concurrent writer wins and both read its value. */
const ensure = async <T>(tx: Queryable, tenantId: string, id: string, make: () => Promise<T>): Promise<T> => {
  const read = async () => {
    const { rows } = await tx.query<{ value: T }>('SELECT value FROM tenant_configs WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      id,
    ]);
    return rows[0]?.value;
  };
  const found = await read();
  if (found !== undefined) return found;
  await tx.query(
    'INSERT INTO tenant_configs (tenant_id, id, value) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING',
    [tenantId, id, JSON.stringify(await make())],
  );
  const written = await read();
  if (written === undefined) throw new Error(`Could not store ${id} for tenant ${tenantId}`);
  return written;
};

/** The tenant's signing and cookie keys, generated on first use and kept in `tenant_configs` from then on. */
export const loadTenantKeys = async (db: Database, tenantId: string): Promise<TenantKeys> => {
  const privateKeys = await db.withTenant(tenantId, (tx) =>
    ensure(tx, tenantId, PRIVATE_KEYS_CONFIG, async () => [await newSigningKey()]),
  );
  const cookieKeys = await db.withTenant(tenantId, (tx) =>
    ensure(tx, tenantId, COOKIE_KEYS_CONFIG, async () => [newCookieKey()]),
  );
  if (!Array.isArray(privateKeys) || privateKeys.length === 0) throw new Error(`${PRIVATE_KEYS_CONFIG} is empty`);
  if (!Array.isArray(cookieKeys) || cookieKeys.length === 0) throw new Error(`${COOKIE_KEYS_CONFIG} is empty`);
  return { privateKeys, cookieKeys };
};

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** The public half of the keys, as published at `{issuer}/jwks`. */
export const publicJwks = (keys: PrivateJwk[]) => ({
  keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name)))),
});
