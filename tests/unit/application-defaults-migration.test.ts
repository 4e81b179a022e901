import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/generated/migrations/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { emptyPgliteTemplate } from '../template-databases.js';

describe('application token defaults migration', () => {
  it('gives existing applications the defaults they lack and keeps the settings they have', async () => {
    const at = migrations.findIndex((migration) => migration.name.endsWith('_application_token_defaults'));
    expect(at).toBeGreaterThan(0);
    const db = await openPglite(undefined, emptyPgliteTemplate());
    try {
      await migrate(db, migrations.slice(0, at));
      await db.query(
        `INSERT INTO applications (tenant_id, id, name, secret, type, custom_client_metadata) VALUES
           ('default', 'a1', 'Old', 's', 'SPA', '{}'),
           ('default', 'a2', 'Tuned', 's', 'Native', '{"rotateRefreshToken": false, "idTokenTtl": 600}')`,
      );
      await migrate(db, migrations);
      const { rows } = await db.query('SELECT id, custom_client_metadata AS meta FROM applications ORDER BY id');
      expect(rows).toEqual([
        { id: 'a1', meta: { idTokenTtl: 3600, refreshTokenTtlInDays: 14, rotateRefreshToken: true } },
        { id: 'a2', meta: { idTokenTtl: 600, refreshTokenTtlInDays: 14, rotateRefreshToken: false } },
      ]);
    } finally {
      await db.close();
    }
  });
});
