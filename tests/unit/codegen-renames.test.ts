import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { migrate } from '../../src/server/db/migrate.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { migratedPgliteTemplate } from '../template-databases.js';
import { copyProject, editJson, migrationsOf, removeProjects, repo } from './codegen-project.js';

afterEach(removeProjects);

/** Renames role `description` to `summary` everywhere a field name appears; the schema says how (or not). */
const renameRoleDescription = (root: string, declared: boolean) => {
  const renamed = JSON.parse(readFileSync(join(repo, 'docs/guide/examples/renamed-property.json'), 'utf8'));
  if (!declared) {
    delete renamed.summary['x-renamed-from'];
    renamed.summary.default = 'None';
  }
  editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
    delete schema.properties.description;
    Object.assign(schema.properties, renamed);
    schema.required = schema.required.map((name: string) => (name === 'description' ? 'summary' : name));
  });
  const descriptor = join(root, 'src/entities/role/resource.json');
  writeFileSync(descriptor, readFileSync(descriptor, 'utf8').replaceAll('"description"', '"summary"'));
  editJson(join(root, 'src/entities/role/locales/en.json'), (texts) => {
    texts.fields.role.summary = texts.fields.role.description;
    delete texts.fields.role.description;
  });
};

const searchRoles = async (db: Awaited<ReturnType<typeof openPglite>>, pattern: string) =>
  (
    await db.withTenant('default', (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM roles__search($1) ORDER BY id`, [pattern]),
    )
  ).rows.map((row) => row.id);

describe('migrations keep data and apply in order', () => {
  it('renames a column declared with x-renamed-from, keeping its values, indexes and search', async () => {
    const root = copyProject();
    const before = await generate({ root });
    renameRoleDescription(root, true);
    const after = await generate({ root, migrationName: 'rename role description' });
    const sql = after.files.get(after.newMigration ?? '') ?? '';
    expect(sql).toContain('ALTER TABLE "roles" RENAME COLUMN "description" TO "summary";');
    expect(sql).toContain('ALTER INDEX "roles__description__trgm" RENAME TO "roles__summary__trgm";');
    expect(sql).not.toContain('DROP COLUMN');

    const db = await openPglite(undefined, migratedPgliteTemplate());
    try {
      await migrate(db, migrationsOf(before.files));
      await db.query(
        `INSERT INTO roles (tenant_id, id, name, description) VALUES ('default', 'r1', 'Auditor', 'Reads the ledgers')`,
      );
      await migrate(db, migrationsOf(after.files));
      const { rows } = await db.query('SELECT id, summary FROM roles');
      expect(rows).toEqual([{ id: 'r1', summary: 'Reads the ledgers' }]);
      expect(await searchRoles(db, '%ledgers%')).toEqual(['r1']);
    } finally {
      await db.close();
    }
  });

  it('treats an undeclared rename as a drop, which needs --allow-drop', async () => {
    const root = copyProject();
    renameRoleDescription(root, false);
    await expect(generate({ root })).rejects.toThrow(
      /roles\.description: removing a column deletes its data; run codegen with --allow-drop, or declare a rename/,
    );
  });

  it('adds a searched column before the search function reads it, and drops one after what read it', async () => {
    const root = copyProject();
    const before = await generate({ root });
    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      delete schema.properties.description;
      schema.properties.label = { type: 'string', maxLength: 64, default: '', description: 'A short label.' };
      schema.required = schema.required.filter((name: string) => name !== 'description');
    });
    const descriptor = join(root, 'src/entities/role/resource.json');
    writeFileSync(descriptor, readFileSync(descriptor, 'utf8').replaceAll('"description"', '"label"'));
    editJson(join(root, 'src/entities/role/locales/en.json'), (texts) => {
      texts.fields.role.label = 'Label';
      delete texts.fields.role.description;
    });
    const after = await generate({ root, allowDrop: true, migrationName: 'label instead of description' });
    const sql = after.files.get(after.newMigration ?? '') ?? '';
    const at = (text: string) => sql.indexOf(text);
    expect(at('ADD COLUMN "label"')).toBeGreaterThan(0);
    expect(at('DROP INDEX "roles__description__trgm"')).toBeLessThan(at('DROP COLUMN "description"'));
    expect(at('ADD COLUMN "label"')).toBeLessThan(at('CREATE OR REPLACE FUNCTION "roles__search"'));
    expect(at('ADD COLUMN "label"')).toBeLessThan(at('CREATE INDEX "roles__label__trgm"'));

    const db = await openPglite(undefined, migratedPgliteTemplate());
    try {
      await migrate(db, migrationsOf(before.files));
      await db.query(`INSERT INTO roles (tenant_id, id, name, description) VALUES ('default', 'r1', 'Auditor', 'x')`);
      await migrate(db, migrationsOf(after.files));
      await db.query(`UPDATE roles SET label = 'finance' WHERE id = 'r1'`);
      expect(await searchRoles(db, '%finance%')).toEqual(['r1']);
    } finally {
      await db.close();
    }
  });
});
