import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { migrations } from '../../src/generated/migrations/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { emptyPgliteTemplate, migratedPgliteTemplate } from '../template-databases.js';
import { copyProject, editJson, migrationsOf, removeProjects } from './codegen-project.js';

afterEach(removeProjects);

describe('schema changes become migrations', () => {
  it('adding a property adds a column, keeps existing rows, and reaches the API, OpenAPI and forms', async () => {
    const root = copyProject();
    const before = await generate({ root });
    expect(before.newMigration).toBeUndefined();

    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      schema.properties.priority = {
        type: 'integer',
        minimum: 0,
        maximum: 100,
        default: 0,
        description: 'Sort order.',
      };
      schema.required.push('priority');
    });
    editJson(join(root, 'src/entities/role/resource.json'), (descriptor) => {
      descriptor.console.create.fields.push('priority');
    });
    // The new form field needs its English label: codegen names the file and the key (see codegen-texts.test.ts).
    editJson(join(root, 'src/entities/role/locales/en.json'), (texts) => {
      texts.fields.role.priority = 'Priority';
    });
    const after = await generate({ root, migrationName: 'add role priority' });

    const next = String(migrationsOf(before.files).length + 1).padStart(4, '0');
    expect(after.newMigration).toBe(`src/generated/migrations/${next}_add_role_priority.sql`);
    const sql = after.files.get(after.newMigration ?? '') ?? '';
    expect(sql).toContain('ALTER TABLE "roles" ADD COLUMN "priority" integer NOT NULL DEFAULT 0;');

    const openapi = JSON.parse(after.files.get('src/generated/openapi.json') ?? '{}');
    expect(openapi.components.schemas.RoleCreate.properties.priority).toMatchObject({ type: 'integer', maximum: 100 });
    expect(after.files.get('src/generated/api.d.ts')).toMatch(/priority\??: number/);
    expect(after.files.get('src/generated/console-models/role.ts')).toContain('"priority"');

    // The old database, with a row in it, migrates forward and keeps the row.
    const db = await openPglite(undefined, migratedPgliteTemplate());
    try {
      await migrate(db, migrationsOf(before.files));
      await db.query(
        `INSERT INTO roles (tenant_id, id, name, description) VALUES ('default', 'r1', 'Admin', 'Admins')`,
      );
      expect(await migrate(db, migrationsOf(after.files))).toEqual([`${next}_add_role_priority`]);
      const { rows } = await db.query('SELECT id, name, priority FROM roles');
      expect(rows).toEqual([{ id: 'r1', name: 'Admin', priority: 0 }]);
    } finally {
      await db.close();
    }
  });

  it('searching one more field replaces the search function; it matches the new field, in its tenant only', async () => {
    const root = copyProject();
    const before = await generate({ root });
    editJson(join(root, 'src/entities/role/resource.json'), (descriptor) => {
      descriptor.api.operations.list.search.push('type');
    });
    const after = await generate({ root, migrationName: 'search role types' });
    const sql = after.files.get(after.newMigration ?? '') ?? '';
    expect(sql).toContain('CREATE OR REPLACE FUNCTION "roles__search"(pattern text)');
    expect(sql).toContain('ROWS 50');
    expect(sql).toContain('("name" ILIKE $2 OR "description" ILIKE $2 OR "type" ILIKE $2)');
    expect(sql).toContain('CREATE INDEX "roles__type__trgm" ON "roles" USING gin ("tenant_id", "type" gin_trgm_ops)');

    const db = await openPglite(undefined, migratedPgliteTemplate());
    try {
      await migrate(db, migrationsOf(before.files));
      await db.query(`INSERT INTO roles (tenant_id, id, name, description, type) VALUES
        ('default', 'r1', 'Robot', 'Nightly jobs', 'MachineToMachine'),
        ('default', 'r2', 'Viewer', 'Reads', 'User'),
        ('acme', 'r3', 'Acme robot', 'Nightly jobs', 'MachineToMachine')`);
      await migrate(db, migrationsOf(after.files));
      const found = await db.withTenant('default', (tx) =>
        tx.query<{ id: string }>(`SELECT id FROM roles__search('%machine%')`),
      );
      expect(found.rows).toEqual([{ id: 'r1' }]);
      // A field search may name the new field, and only the searched ones.
      const typed = await db.withTenant('default', (tx) =>
        tx.query<{ id: string }>(`SELECT roles__search_fields('{%machine%}', '{type}', '~~*') AS id`),
      );
      expect(typed.rows).toEqual([{ id: 'r1' }]);
      await expect(
        db.withTenant('default', (tx) => tx.query(`SELECT roles__search_fields('{%}', '{tenant_id}', '~~*')`)),
      ).rejects.toThrow(/not a searched column/);
    } finally {
      await db.close();
    }
  });

  it('refuses a new required property without a default (old rows would have no value)', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      schema.properties.owner = { type: 'string', maxLength: 64 };
      schema.required.push('owner');
    });
    await expect(generate({ root })).rejects.toThrow(/needs a "default"/);
  });

  it('refuses to drop a column unless asked to', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      delete schema.properties.isDefault;
      schema.required = schema.required.filter((name: string) => name !== 'isDefault');
    });
    editJson(join(root, 'src/entities/role/resource.json'), (descriptor) => {
      const general = descriptor.console.detail.tabs.find((tab: { key: string }) => tab.key === 'general');
      general.sections[0].fields = ['name', 'description'];
    });
    editJson(join(root, 'src/entities/role/locales/en.json'), (texts) => {
      delete texts.fields.role.isDefault;
      delete texts.fields.role.isDefault_description;
    });
    await expect(generate({ root })).rejects.toThrow(/--allow-drop/);
    const dropped = await generate({ root, allowDrop: true });
    expect(dropped.files.get(dropped.newMigration ?? '')).toContain('ALTER TABLE "roles" DROP COLUMN "is_default";');
  });
});

describe('descriptors are checked', () => {
  it('rejects an unknown override key instead of rendering nothing', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/hook/resource.json'), (descriptor) => {
      descriptor.console.detail.tabs[1].view = 'hook.tab.does-not-exist';
    });
    await expect(generate({ root })).rejects.toThrow(/unknown key "hook.tab.does-not-exist"/);
  });

  it('rejects a translation key missing from the English locale', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/resource.json'), (descriptor) => {
      descriptor.console.titleKey = 'roles.no_such_title';
    });
    await expect(generate({ root })).rejects.toThrow(/roles\.no_such_title/);
  });

  it('rejects a descriptor that does not match the meta-schema', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/resource.json'), (descriptor) => {
      descriptor.api.operations.create.status = 202;
    });
    await expect(generate({ root })).rejects.toThrow(/invalid descriptor/);
  });

  it('rejects an unknown keyword in a schema (a typo is not silently ignored)', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      schema.properties.name.maxLenght = 10;
    });
    await expect(generate({ root })).rejects.toThrow(/unknown keyword "maxLenght"/);
  });

  it('starts row counters from the rows a table already holds, then keeps them with every write', async () => {
    const counting = migrations.findIndex((m) => m.sql.includes('CREATE TABLE gatehouse_row_counts'));
    expect(counting).toBeGreaterThan(0);
    const db = await openPglite(undefined, emptyPgliteTemplate());
    try {
      await migrate(db, migrations.slice(0, counting));
      await db.query(`INSERT INTO roles (tenant_id, id, name, description, type) VALUES
        ('default', 'r1', 'One', '', 'User'), ('default', 'r2', 'Two', '', 'MachineToMachine'),
        ('acme', 'r3', 'Three', '', 'User')`);
      await migrate(db, migrations);
      // Roles are also counted per type (a counted list filter), from the rows they held before.
      const { rows: byType } = await db.query<{ grp: unknown; n: number }>(
        `SELECT grp, sum(n)::int8 AS n FROM gatehouse_row_counts WHERE table_name = 'roles' AND tenant_id = 'default'
         GROUP BY grp ORDER BY grp->>'type'`,
      );
      expect(byType).toEqual([
        { grp: { type: 'MachineToMachine' }, n: 1 },
        { grp: { type: 'User' }, n: 1 },
      ]);
      const counts = async () => {
        const { rows } = await db.query<{ tenant_id: string; n: number }>(
          `SELECT tenant_id, sum(n)::int8 AS n FROM gatehouse_row_counts WHERE table_name = 'roles'
           GROUP BY tenant_id ORDER BY tenant_id`,
        );
        return Object.fromEntries(rows.map((row) => [row.tenant_id, row.n]));
      };
      expect(await counts()).toEqual({ acme: 1, default: 2 });
      await db.query(`INSERT INTO roles (tenant_id, id, name, description) VALUES ('acme', 'r4', 'Four', '')`);
      await db.query(`DELETE FROM roles WHERE id IN ('r1', 'r2')`);
      expect(await counts()).toEqual({ acme: 2, default: 0 });
      await db.exec('TRUNCATE roles CASCADE');
      expect(await counts()).toEqual({});
    } finally {
      await db.close();
    }
  });
});
