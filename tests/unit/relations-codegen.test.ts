import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { migrate } from '../../src/server/db/migrate.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { compileSet, readGenerated, setRoot } from '../shapes/sets.js';
import { emptyPgliteTemplate } from '../template-databases.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});
const root = () => {
  const made = setRoot('relations');
  disposers.push(made.dispose);
  return made.root;
};
// biome-ignore lint/suspicious/noExplicitAny: edits reach deep into arbitrary JSON
const writeJson = (file: string, json: any) => writeFileSync(file, JSON.stringify(json, null, 2));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('relation entities in codegen', () => {
  it('gives a relation with attributes one table: the tenant and both keys as primary key, cascading foreign keys, an index per direction', async () => {
    const { db, models } = await compileSet('relations');
    const memberships = db.tables.filter((table) => table.name === 'team_members');
    expect(memberships).toHaveLength(1);
    const [table] = memberships;
    expect(table?.columns.map((c) => [c.name, c.type, c.nullable, c.default])).toEqual([
      ['tenant_id', 'varchar(21)', false, undefined],
      ['team_id', 'varchar(21)', false, undefined],
      ['member_id', 'varchar(21)', false, undefined],
      ['note', 'varchar(128)', false, "''"],
      ['expires_at', 'timestamptz', true, undefined],
      ['created_at', 'timestamptz', false, 'now()'],
    ]);
    expect(table?.primaryKey).toEqual(['tenant_id', 'team_id', 'member_id']);
    expect(table?.foreignKeys).toEqual([
      {
        name: 'team_members__team_id__fkey',
        columns: ['tenant_id', 'team_id'],
        refTable: 'teams',
        refColumns: ['tenant_id', 'id'],
      },
      {
        name: 'team_members__member_id__fkey',
        columns: ['tenant_id', 'member_id'],
        refTable: 'members',
        refColumns: ['tenant_id', 'id'],
      },
    ]);
    // Each side has an index by link age, so a crowded item's newest links are read in order.
    expect(table?.indexes).toEqual([
      {
        name: 'team_members__team_id__created_at',
        columns: ['tenant_id', 'team_id', 'created_at'],
        unique: false,
        method: 'btree',
      },
      {
        name: 'team_members__member_id__created_at',
        columns: ['tenant_id', 'member_id', 'created_at'],
        unique: false,
        method: 'btree',
      },
    ]);
    expect(table?.rls).toBe(true);

    // Roles per membership: keyed by the membership's two keys and the role, deleted with the membership.
    const nested = db.tables.find((t) => t.name === 'team_member_roles');
    expect(nested?.primaryKey).toEqual(['tenant_id', 'team_id', 'member_id', 'team_role_id']);
    expect(nested?.foreignKeys.map((fk) => [fk.columns, fk.refTable, fk.refColumns])).toEqual([
      [['tenant_id', 'team_id', 'member_id'], 'team_members', ['tenant_id', 'team_id', 'member_id']],
      [['tenant_id', 'team_role_id'], 'team_roles', ['tenant_id', 'id']],
    ]);
    expect(db.tables.map((t) => t.name).indexOf('team_member_roles')).toBeGreaterThan(
      db.tables.map((t) => t.name).indexOf('team_members'),
    );

    // Both sides expose the relation, with its attributes on each listed item; the console tabs name them.
    const team = models.find((m) => m.name === 'team');
    const member = models.find((m) => m.name === 'member');
    expect(team?.relations).toEqual([
      expect.objectContaining({ name: 'members', kind: 'linked', through: 'teamMember', target: 'member' }),
    ]);
    expect(member?.relations).toEqual([
      expect.objectContaining({ name: 'teams', kind: 'linked', through: 'teamMember', target: 'team' }),
    ]);
    expect(team?.relations[0]).toMatchObject({
      sourceKeys: ['teamId'],
      targetKey: 'memberId',
      attributes: [
        { field: 'note', render: 'text' },
        { field: 'expiresAt', render: 'date' },
        { field: 'createdAt', render: 'date' },
      ],
      assignAttributes: ['note', 'expiresAt'],
      attributesAs: 'membership',
    });
    expect(team?.detail?.tabs[0]).toMatchObject({ kind: 'relation', relation: 'members' });
    expect(member?.detail?.tabs[0]).toMatchObject({ kind: 'relation', relation: 'teams' });
    expect(team?.assignForms.members?.schema.properties).toHaveProperty('note');
  });

  it('keeps the product’s join tables as they were: the relations adopt them, no migration', async () => {
    const repo = join(import.meta.dirname, '../..');
    const { files, newMigration } = await generate({ root: repo });
    expect(newMigration).toBeUndefined();
    const tables = (model: string) =>
      (JSON.parse(model) as { tables: { name: string }[] }).tables.filter((table) =>
        ['roles_scopes', 'users_roles', 'applications_roles'].includes(table.name),
      );
    const generated = tables(files.get('src/generated/db/model.json') ?? '');
    expect(generated.map((table) => table.name)).toEqual(['applications_roles', 'roles_scopes', 'users_roles']);
    expect(generated).toEqual(tables(readFileSync(join(repo, 'src/generated/db/model.json'), 'utf8')));
    expect(generated[1]).toMatchObject({
      primaryKey: ['tenant_id', 'role_id', 'scope_id'],
      indexes: [
        { name: 'roles_scopes__role_id__created_at', columns: ['tenant_id', 'role_id', 'created_at'] },
        { name: 'roles_scopes__scope_id__created_at', columns: ['tenant_id', 'scope_id', 'created_at'] },
      ],
    });
  });

  it('writes migrations that create the tables, keys and cascades the model describes', async () => {
    const { migrations } = await compileSet('relations');
    const db = await openPglite(undefined, emptyPgliteTemplate());
    try {
      await migrate(db, migrations);
      await db.exec(`
        INSERT INTO teams (tenant_id, id, name) VALUES ('t', 'red', 'Red'), ('t', 'blue', 'Blue');
        INSERT INTO members (tenant_id, id, name) VALUES ('t', 'ada', 'Ada'), ('t', 'bob', 'Bob');
        INSERT INTO team_roles (tenant_id, id, name) VALUES ('t', 'lead', 'Lead');
        INSERT INTO team_members (tenant_id, team_id, member_id, note) VALUES
          ('t', 'red', 'ada', 'founder'), ('t', 'red', 'bob', ''), ('t', 'blue', 'ada', '');
        INSERT INTO team_member_roles (tenant_id, team_id, member_id, team_role_id) VALUES
          ('t', 'red', 'ada', 'lead'), ('t', 'blue', 'ada', 'lead');
      `);
      const count = async (table: string) =>
        Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);

      // One membership per team and member; a role only for an existing membership.
      await expect(
        db.query(`INSERT INTO team_members (tenant_id, team_id, member_id) VALUES ('t', 'red', 'ada')`),
      ).rejects.toThrow(/duplicate key/);
      await expect(
        db.query(
          `INSERT INTO team_member_roles (tenant_id, team_id, member_id, team_role_id) VALUES ('t', 'blue', 'bob', 'lead')`,
        ),
      ).rejects.toThrow(/foreign key/);

      // Every foreign key of the relation tables deletes on cascade; both directions have an index.
      const { rows: keys } = await db.query<{ table: string; action: string }>(
        `SELECT conrelid::regclass::text AS table, confdeltype AS action FROM pg_constraint
         WHERE contype = 'f' AND conrelid::regclass::text IN ('team_members', 'team_member_roles')`,
      );
      expect(keys).toHaveLength(4);
      expect(keys.every((key) => key.action === 'c')).toBe(true);
      const { rows: indexes } = await db.query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE tablename = 'team_members' ORDER BY indexname`,
      );
      expect(indexes.map((i) => i.indexdef.replace(/^.* USING btree /, ''))).toEqual([
        '(tenant_id, member_id, created_at)',
        '(tenant_id, team_id, created_at)',
        '(tenant_id, team_id, member_id)',
      ]);

      // Deleting a member ends its memberships and their roles; deleting a team ends the rest.
      await db.query(`DELETE FROM members WHERE id = 'ada'`);
      expect([await count('team_members'), await count('team_member_roles')]).toEqual([1, 0]);
      await db.query(`DELETE FROM teams WHERE id = 'red'`);
      expect(await count('team_members')).toBe(0);
      expect(await count('team_roles')).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('refuses a relation declared twice, with both declarations named', async () => {
    const dir = root();
    const descriptor = readJson(join(dir, 'src/entities/teamMember/resource.json'));
    // The same join seen from the other side: a folder of its own with the same schema.
    cpSync(join(dir, 'src/entities/teamMember'), join(dir, 'src/entities/memberTeam'), { recursive: true });
    writeJson(join(dir, 'src/entities/memberTeam/resource.json'), {
      ...descriptor,
      name: 'memberTeam',
      sides: [...descriptor.sides].reverse().map(({ api: _api, ...side }) => side),
    });
    await expect(generate({ root: dir })).rejects.toThrow(
      'table team_members is declared twice: by relation memberTeam (src/entities/memberTeam/resource.json) and by relation teamMember (src/entities/teamMember/resource.json); a join is declared once, as one relation entity whose sides expose it',
    );
  });

  it('refuses a relation whose table an entity already declares', async () => {
    const dir = root();
    const descriptor = readJson(join(dir, 'src/entities/teamMember/resource.json'));
    writeJson(join(dir, 'src/entities/teamMember/resource.json'), { ...descriptor, table: 'teams' });
    await expect(generate({ root: dir })).rejects.toThrow(
      'table teams is declared twice: by entity team (src/entities/team/resource.json) and by relation teamMember',
    );
  });

  it('asks for a title for each attribute a relation tab shows', async () => {
    const dir = root();
    const file = join(dir, 'src/console/locales/en/shapes.json');
    const texts = readJson(file);
    delete texts.relations.attribute;
    writeJson(file, texts);
    const failure = generate({ root: dir });
    // Each key once, with the first tab that needs it.
    await expect(failure).rejects.toThrow(/relations\.attribute\.note \(relation tab \w+\.\w+, attribute note\)/);
    await expect(failure).rejects.toThrow(
      /relations\.attribute\.expires_at \(relation tab \w+\.\w+, attribute expiresAt\)/,
    );
  });

  it('refuses the old form: a join table declared inside an entity', async () => {
    const dir = root();
    const team = readJson(join(dir, 'src/entities/team/resource.json'));
    team.relations = [
      {
        name: 'members',
        kind: 'manyToMany',
        target: 'member',
        table: 'team_members',
        sourceKey: 'teamId',
        targetKey: 'memberId',
        assignField: 'memberIds',
        assignStatus: 201,
        duplicateCode: 'entity.unique_integrity_violation',
      },
    ];
    writeJson(join(dir, 'src/entities/team/resource.json'), team);
    await expect(generate({ root: dir })).rejects.toThrow(/src\/entities\/team\/resource\.json: invalid descriptor/);
  });

  it('refuses a side key the relation schema lacks, an id on a relation, and a relation side given a key', async () => {
    const dir = root();
    const file = join(dir, 'src/entities/teamMember/resource.json');
    const descriptor = readJson(file);
    writeJson(file, { ...descriptor, sides: [{ ...descriptor.sides[0], key: 'teamKey' }, descriptor.sides[1]] });
    await expect(generate({ root: dir })).rejects.toThrow(
      'src/entities/teamMember/schema.json: the key teamKey must be a required string property',
    );
    writeJson(file, descriptor);

    const schemaFile = join(dir, 'src/entities/teamMember/schema.json');
    const schema = readJson(schemaFile);
    writeJson(schemaFile, {
      ...schema,
      required: [...schema.required, 'id'],
      properties: { ...schema.properties, id: { type: 'string', maxLength: 21 } },
    });
    await expect(generate({ root: dir })).rejects.toThrow('a relation is keyed by its sides, not by id');
    writeJson(schemaFile, schema);

    const nestedFile = join(dir, 'src/entities/teamMemberRole/resource.json');
    const nested = readJson(nestedFile);
    writeJson(nestedFile, { ...nested, sides: [{ ...nested.sides[0], key: 'teamId' }, nested.sides[1]] });
    await expect(generate({ root: dir })).rejects.toThrow('a relation side is keyed by its own keys; leave key out');
  });

  it("counts a counted side's links per item, and refuses two counted sides and an offer on a field without values", async () => {
    const dir = root();
    const file = join(dir, 'src/entities/teamMember/resource.json');
    const descriptor = readJson(file);
    const counted = (side: { api: object }) => ({ ...side, api: { ...side.api, counted: true } });
    writeJson(file, { ...descriptor, sides: [counted(descriptor.sides[0]), descriptor.sides[1]] });
    const { db, migrations } = readGenerated((await generate({ root: dir })).files);
    const table = db.tables.find((t) => t.name === 'team_members');
    expect(table).toMatchObject({ countRows: true, countBy: ['team_id'] });
    expect(migrations.map((m) => m.sql).join('\n')).toContain("gatehouse_count_rows('team_id')");

    writeJson(file, { ...descriptor, sides: descriptor.sides.map(counted) });
    await expect(generate({ root: dir })).rejects.toThrow("only one side's links can be counted");

    const offered = {
      ...descriptor.sides[0],
      api: { ...descriptor.sides[0].api, offer: { field: 'name', in: ['x'] } },
    };
    writeJson(file, { ...descriptor, sides: [offered, descriptor.sides[1]] });
    await expect(generate({ root: dir })).rejects.toThrow('offer names values of name, an enum field of member');
  });

  it("refuses a link property named as one of the listed entity's list summaries (each listed item carries them)", async () => {
    const dir = root();
    const file = join(dir, 'src/entities/member/resource.json');
    const member = readJson(file);
    member.api.operations.list.summaries = [
      { relation: 'teamMember', count: 'teamsCount', featured: 'membership', fields: ['id', 'name'] },
    ];
    writeJson(file, member);
    await expect(generate({ root: dir })).rejects.toThrow('membership is a list summary of member');
  });
});
