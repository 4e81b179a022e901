import type { EntityModel } from '../../shared/descriptor.js';
import { modelOf } from '../crud/catalog.js';
import { generateId } from '../crud/ids.js';
import { Repository } from '../crud/repository.js';
import type { Database, Queryable } from '../db/database.js';
import {
  type KeyType,
  keysFingerprint,
  keyTypes,
  newCookieKey,
  newPrivateKeyPem,
  pemOfJwk,
  type SigningKeyAlgorithm,
  type StoredKey,
} from './keys.js';

/**
 * Where the keys are written: the `oidcKey` entity's repository, and `tenantConfig`'s (where an earlier release
 * kept them).
 */
export interface KeyTables {
  keys: Repository;
  configs: Repository;
}

/** The key tables of the served entities' models. */
export const keyTablesOf = (catalog: { models: readonly EntityModel[] }): KeyTables => ({
  keys: new Repository(modelOf(catalog, 'oidcKey')),
  configs: new Repository(modelOf(catalog, 'tenantConfig')),
});

/** Where an earlier release kept each key type: one `tenant_configs` value holding the whole list. */
const LEGACY_CONFIG: Record<KeyType, string> = { 'private-keys': 'oidc.privateKeys', 'cookie-keys': 'oidc.cookieKeys' };

interface KeyRow {
  id: string;
  type: KeyType;
  status: StoredKey['status'];
  signing_key_algorithm: SigningKeyAlgorithm | null;
  value: string;
  created_at: number;
}

const SELECT = `SELECT id, type, status, signing_key_algorithm, value,
  (extract(epoch FROM created_at) * 1000)::float8 AS created_at FROM oidc_keys WHERE tenant_id = $1`;

const storedKey = (row: KeyRow): StoredKey => ({
  id: row.id,
  type: row.type,
  status: row.status,
  signingKeyAlgorithm: row.signing_key_algorithm,
  value: row.value,
  createdAt: Math.round(Number(row.created_at)),
});

/** The tenant's keys, each type's current key first. */
const readKeys = async (tx: Queryable, tenantId: string): Promise<StoredKey[]> => {
  const { rows } = await tx.query<KeyRow>(`${SELECT} ORDER BY type, status = 'Current' DESC, created_at DESC`, [
    tenantId,
  ]);
  return rows.map(storedKey);
};

/** Serializes the writers of one tenant's keys until the transaction ends. */
const lockKeys = (tx: Queryable, tenantId: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`oidc_keys:${tenantId}`]);

/** Stores a key (made now, unless it says when). */
const insertKey = (
  tables: KeyTables,
  tx: Queryable,
  tenantId: string,
  key: Omit<StoredKey, 'createdAt'> & { createdAt?: number },
) => tables.keys.insert(tx, tenantId, key);

/**
 * Moves the keys an earlier release kept in `tenant_configs` into rows, keeping their ids (a signing key's kid) so
 * that the tokens they signed stay verifiable; the first was the one signing. Returns false when there were none.
 */
const adoptLegacyKeys = async (tables: KeyTables, tx: Queryable, tenantId: string, type: KeyType): Promise<boolean> => {
  const { rows } = await tx.query<{ value: unknown; created_at: number }>(
    `SELECT value, (extract(epoch FROM created_at) * 1000)::float8 AS created_at
       FROM tenant_configs WHERE tenant_id = $1 AND id = $2`,
    [tenantId, LEGACY_CONFIG[type]],
  );
  const row = rows[0];
  if (!row || !Array.isArray(row.value) || row.value.length === 0) return false;
  const createdAt = Number(row.created_at);
  // At most a current and a previous key are kept, as rotation keeps them.
  for (const [index, item] of row.value.slice(0, 2).entries()) {
    const status: StoredKey['status'] = index === 0 ? 'Current' : 'Previous';
    if (type === 'private-keys') {
      const jwk = item as Record<string, unknown>;
      const { pem, algorithm } = pemOfJwk(jwk);
      const id = typeof jwk.kid === 'string' && jwk.kid.length <= 21 ? jwk.kid : generateId();
      await insertKey(tables, tx, tenantId, {
        id,
        type,
        status,
        signingKeyAlgorithm: algorithm,
        value: pem,
        createdAt,
      });
    } else {
      const value = String(item);
      await insertKey(tables, tx, tenantId, {
        id: generateId(),
        type,
        status,
        signingKeyAlgorithm: null,
        value,
        createdAt,
      });
    }
  }
  await tables.configs.delete(tx, { tenantId }, LEGACY_CONFIG[type]);
  return true;
};

const newKey = async (type: KeyType, algorithm: SigningKeyAlgorithm) => ({
  id: generateId(),
  type,
  status: 'Current' as const,
  signingKeyAlgorithm: type === 'private-keys' ? algorithm : null,
  value: type === 'private-keys' ? await newPrivateKeyPem(algorithm) : newCookieKey(),
});

/** Under the lock: gives each key type a key when it has none (an earlier release's, or a new RSA key). */
const ensureLocked = async (tables: KeyTables, tx: Queryable, tenantId: string): Promise<StoredKey[]> => {
  await lockKeys(tx, tenantId);
  const found = await readKeys(tx, tenantId);
  let added = false;
  for (const type of keyTypes) {
    if (found.some((key) => key.type === type)) continue;
    if (!(await adoptLegacyKeys(tables, tx, tenantId, type))) {
      await insertKey(tables, tx, tenantId, await newKey(type, 'RSA'));
    }
    added = true;
  }
  return added ? readKeys(tx, tenantId) : found;
};

/** The tenant's keys, made (or moved from where an earlier release kept them) on first use. */
export const loadKeys = async (db: Database, tables: KeyTables, tenantId: string): Promise<StoredKey[]> =>
  db.withTenant(tenantId, async (tx) => {
    const found = await readKeys(tx, tenantId);
    const complete = keyTypes.every((type) => found.some((key) => key.type === type));
    return complete ? found : ensureLocked(tables, tx, tenantId);
  });

/** The fingerprint of the tenant's stored keys, read without making any. */
export const storedKeysFingerprint = async (db: Database, tenantId: string): Promise<string> => {
  const { rows } = await db.withTenant(tenantId, (tx) =>
    tx.query<Pick<StoredKey, 'id' | 'status'>>('SELECT id, status FROM oidc_keys WHERE tenant_id = $1', [tenantId]),
  );
  return keysFingerprint(rows);
};

/** The keys of one type, the current one first. */
export const listKeys = async (db: Database, tables: KeyTables, tenantId: string, type: KeyType) =>
  (await loadKeys(db, tables, tenantId)).filter((key) => key.type === type);

/**
 * Rotates one key type in one transaction under the tenant's key lock: a new current key, the former current key
 * kept as the previous one, an older previous key removed. Answers the keys of the type, the new one first.
 */
export const rotateKeys = async (
  db: Database,
  tables: KeyTables,
  tenantId: string,
  type: KeyType,
  algorithm: SigningKeyAlgorithm,
): Promise<StoredKey[]> => {
  // Made before the transaction: generating a key pair takes a while and needs no lock.
  const key = await newKey(type, algorithm);
  return db.withTenant(tenantId, async (tx) => {
    const scope = { tenantId };
    const ofType = (await ensureLocked(tables, tx, tenantId)).filter((stored) => stored.type === type);
    // In this order: the type holds one key of each status at every step.
    for (const old of ofType.filter((stored) => stored.status === 'Previous')) {
      await tables.keys.delete(tx, scope, old.id);
    }
    for (const current of ofType.filter((stored) => stored.status === 'Current')) {
      await tables.keys.update(tx, scope, current.id, { status: 'Previous' });
    }
    await insertKey(tables, tx, tenantId, key);
    return (await readKeys(tx, tenantId)).filter((stored) => stored.type === type);
  });
};

export type DeleteOutcome = 'deleted' | 'not-found' | 'last-key' | 'not-previous';

/** Deletes a key of the type: never the last one, and for signing keys only the previous one (Logto's rules). */
export const deleteKey = async (
  db: Database,
  tables: KeyTables,
  tenantId: string,
  type: KeyType,
  keyId: string,
): Promise<DeleteOutcome> =>
  db.withTenant(tenantId, async (tx) => {
    const keys = (await ensureLocked(tables, tx, tenantId)).filter((key) => key.type === type);
    if (keys.length <= 1) return 'last-key';
    const key = keys.find((stored) => stored.id === keyId);
    if (!key) return 'not-found';
    if (type === 'private-keys' && key.status !== 'Previous') return 'not-previous';
    // A cookie key's current key may go too; the other one then signs.
    await tables.keys.delete(tx, { tenantId }, key.id);
    if (key.status === 'Current') {
      for (const other of keys.filter((stored) => stored.id !== key.id)) {
        await tables.keys.update(tx, { tenantId }, other.id, { status: 'Current' });
      }
    }
    return 'deleted';
  });
