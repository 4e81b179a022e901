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
  activates_at: number | null;
}

const SELECT = `SELECT id, type, status, signing_key_algorithm, value,
  (extract(epoch FROM created_at) * 1000)::float8 AS created_at,
  (extract(epoch FROM activates_at) * 1000)::float8 AS activates_at FROM oidc_keys WHERE tenant_id = $1`;

const storedKey = (row: KeyRow): StoredKey => ({
  id: row.id,
  type: row.type,
  status: row.status,
  signingKeyAlgorithm: row.signing_key_algorithm,
  value: row.value,
  createdAt: Math.round(Number(row.created_at)),
  activatesAt: row.activates_at === null ? null : Math.round(Number(row.activates_at)),
});

/** The tenant's keys, each type's current key first, then a staged next key, then the previous one. */
const readKeys = async (tx: Queryable, tenantId: string): Promise<StoredKey[]> => {
  const { rows } = await tx.query<KeyRow>(
    `${SELECT} ORDER BY type, CASE status WHEN 'Current' THEN 0 WHEN 'Next' THEN 1 ELSE 2 END, created_at DESC`,
    [tenantId],
  );
  return rows.map(storedKey);
};

/** A staged key whose activation time has passed. */
const isDue = (key: StoredKey, now = Date.now()) =>
  key.status === 'Next' && typeof key.activatesAt === 'number' && key.activatesAt <= now;

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

/**
 * Completes a staged rotation whose time has come: the next key becomes the current one, the current one the
 * previous one, and the previous one goes (the keys a rotation at once would leave).
 */
const promoteDue = async (tables: KeyTables, tx: Queryable, tenantId: string, keys: StoredKey[]) => {
  const scope = { tenantId };
  for (const next of keys.filter((key) => isDue(key))) {
    const ofType = keys.filter((key) => key.type === next.type);
    for (const old of ofType.filter((key) => key.status === 'Previous')) await tables.keys.delete(tx, scope, old.id);
    for (const current of ofType.filter((key) => key.status === 'Current')) {
      await tables.keys.update(tx, scope, current.id, { status: 'Previous' });
    }
    await tables.keys.update(tx, scope, next.id, { status: 'Current', activatesAt: null });
  }
};

/**
 * Under the lock: gives each key type a key when it has none (an earlier release's, or a new RSA key), and completes
 * a staged rotation that is due.
 */
const ensureLocked = async (tables: KeyTables, tx: Queryable, tenantId: string): Promise<StoredKey[]> => {
  await lockKeys(tx, tenantId);
  const found = await readKeys(tx, tenantId);
  let changed = false;
  for (const type of keyTypes) {
    if (found.some((key) => key.type === type)) continue;
    if (!(await adoptLegacyKeys(tables, tx, tenantId, type))) {
      await insertKey(tables, tx, tenantId, await newKey(type, 'RSA'));
    }
    changed = true;
  }
  if (found.some((key) => isDue(key))) {
    await promoteDue(tables, tx, tenantId, found);
    changed = true;
  }
  return changed ? readKeys(tx, tenantId) : found;
};

/** The tenant's keys, made (or moved from where an earlier release kept them) on first use, a due rotation done. */
export const loadKeys = async (db: Database, tables: KeyTables, tenantId: string): Promise<StoredKey[]> =>
  db.withTenant(tenantId, async (tx) => {
    const found = await readKeys(tx, tenantId);
    const complete = keyTypes.every((type) => found.some((key) => key.type === type));
    return complete && !found.some((key) => isDue(key)) ? found : ensureLocked(tables, tx, tenantId);
  });

/** The fingerprint of the tenant's stored keys, read without making any; a staged key that is due changes it. */
export const storedKeysFingerprint = async (db: Database, tenantId: string): Promise<string> => {
  const { rows } = await db.withTenant(tenantId, (tx) =>
    tx.query<Pick<StoredKey, 'id' | 'status'> & { due: boolean }>(
      `SELECT id, status, (status = 'Next' AND activates_at <= now()) IS TRUE AS due
         FROM oidc_keys WHERE tenant_id = $1`,
      [tenantId],
    ),
  );
  return keysFingerprint(rows);
};

/** Logto's order of a type's keys in its answers: the staged next key, the current one, the previous one. */
const answerOrder: Record<StoredKey['status'], number> = { Next: 0, Current: 1, Previous: 2 };

/** The keys of one type, in Logto's order. */
export const listKeys = async (db: Database, tables: KeyTables, tenantId: string, type: KeyType) =>
  (await loadKeys(db, tables, tenantId))
    .filter((key) => key.type === type)
    .sort((a, b) => answerOrder[a.status] - answerOrder[b.status]);

/** A rotation refused: a staged key waits, and only an immediate rotation was asked for (Logto's 422). */
export class StagedRotationPending extends Error {}

/**
 * Rotates one key type in one transaction under the tenant's key lock. At once (`graceSeconds` 0): a new current
 * key, the former current key kept as the previous one, an older previous key removed; refused while a staged key
 * waits. Staged (private keys, `graceSeconds` > 0): the new key is published as `Next` (replacing a staged one) and
 * becomes the current key that many seconds from now. Answers the keys of the type in Logto's order.
 */
export const rotateKeys = async (
  db: Database,
  tables: KeyTables,
  tenantId: string,
  type: KeyType,
  algorithm: SigningKeyAlgorithm,
  graceSeconds = 0,
): Promise<StoredKey[]> => {
  // Made before the transaction: generating a key pair takes a while and needs no lock.
  const key = await newKey(type, algorithm);
  await db.withTenant(tenantId, async (tx) => {
    const scope = { tenantId };
    const ofType = (await ensureLocked(tables, tx, tenantId)).filter((stored) => stored.type === type);
    const staged = ofType.filter((stored) => stored.status === 'Next');
    if (graceSeconds > 0) {
      for (const old of staged) await tables.keys.delete(tx, scope, old.id);
      await insertKey(tables, tx, tenantId, { ...key, status: 'Next', activatesAt: Date.now() + graceSeconds * 1000 });
      return;
    }
    if (staged.length > 0) throw new StagedRotationPending();
    // In this order: the type holds one key of each status at every step.
    for (const old of ofType.filter((stored) => stored.status === 'Previous')) {
      await tables.keys.delete(tx, scope, old.id);
    }
    for (const current of ofType.filter((stored) => stored.status === 'Current')) {
      await tables.keys.update(tx, scope, current.id, { status: 'Previous' });
    }
    await insertKey(tables, tx, tenantId, key);
  });
  return listKeys(db, tables, tenantId, type);
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
