import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/generated/migrations/index.js';
import { generatedCatalog } from '../../src/server/catalog.js';
import type { Database } from '../../src/server/db/database.js';
import { migrate } from '../../src/server/db/migrate.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { keyTablesOf, loadKeys } from '../../src/server/oidc/key-store.js';
import { publicJwks, signingJwk, tenantKeysOf } from '../../src/server/oidc/keys.js';
import { migratedPgliteTemplate } from '../template-databases.js';

const tables = keyTablesOf(generatedCatalog());

describe('signing keys kept by an earlier release', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(undefined, migratedPgliteTemplate());
    await migrate(db, migrations);
  }, 120_000);
  afterAll(() => db?.close());

  it('moves them out of tenant_configs into rows, keeping the signing key and its kid so issued tokens verify', async () => {
    const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    const legacyKey = { ...jwk, kid: 'legacykid0000000000ab', alg: 'RS256', use: 'sig' };
    await db.query(
      `INSERT INTO tenant_configs (tenant_id, id, value, created_at) VALUES
           ('default', 'oidc.privateKeys', $1::jsonb, '2024-01-02T03:04:05Z'),
           ('default', 'oidc.cookieKeys', '["old-cookie-key"]'::jsonb, '2024-01-02T03:04:05Z')`,
      [JSON.stringify([legacyKey])],
    );

    const keys = await loadKeys(db, tables, 'default');
    expect(
      keys.map(({ id, type, status, signingKeyAlgorithm, createdAt }) => ({
        id,
        type,
        status,
        signingKeyAlgorithm,
        createdAt,
      })),
    ).toEqual([
      {
        id: expect.any(String),
        type: 'cookie-keys',
        status: 'Current',
        signingKeyAlgorithm: null,
        createdAt: Date.parse('2024-01-02T03:04:05Z'),
      },
      {
        id: 'legacykid0000000000ab',
        type: 'private-keys',
        status: 'Current',
        signingKeyAlgorithm: 'RSA',
        createdAt: Date.parse('2024-01-02T03:04:05Z'),
      },
    ]);
    const provider = tenantKeysOf(keys);
    expect(provider.cookieKeys).toEqual(['old-cookie-key']);
    expect(provider.signingAlg).toBe('RS256');
    // The same key pair: the published key is the one that signed before.
    expect(publicJwks(provider.privateKeys).keys).toEqual([
      { kty: 'RSA', n: legacyKey.n, e: legacyKey.e, kid: legacyKey.kid, alg: 'RS256', use: 'sig' },
    ]);
    expect(signingJwk(keys[1] as never).d).toBe(legacyKey.d);
    const { rows } = await db.query(`SELECT id FROM tenant_configs WHERE id LIKE 'oidc.%'`);
    expect(rows).toEqual([]);
    // Loading again reads the rows: nothing is made twice.
    expect((await loadKeys(db, tables, 'default')).map((key) => key.id)).toEqual(keys.map((key) => key.id));
  });

  it('makes a new RSA signing key and a cookie key for a tenant that has none', async () => {
    const keys = await loadKeys(db, tables, 'fresh');
    expect(keys.map(({ type, status, signingKeyAlgorithm }) => [type, status, signingKeyAlgorithm])).toEqual([
      ['cookie-keys', 'Current', null],
      ['private-keys', 'Current', 'RSA'],
    ]);
  });
});
