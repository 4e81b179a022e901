import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { checkProblems, writeOutput } from '../../codegen/output.js';
import { copyProject, editJson, removeProjects } from './codegen-project.js';

afterEach(removeProjects);

const roleCreate = 'src/entities/role/fixtures/create';
const roleTexts = 'src/entities/role/locales/en.json';

describe('codegen starts what a new entity or form lacks', () => {
  it('writes the fixtures of a form without a fixture folder and the texts of an entity without en.json', async () => {
    const root = copyProject();
    rmSync(join(root, roleCreate), { recursive: true });
    for (const language of ['en', 'de']) rmSync(join(root, `src/entities/role/locales/${language}.json`));
    const result = await generate({ root });

    const started = [...result.starting.keys()];
    expect(started).toEqual(
      expect.arrayContaining([`${roleCreate}/valid/gen-minimal.json`, `${roleCreate}/valid/gen-full.json`]),
    );
    expect(started.filter((path) => path.startsWith(`${roleCreate}/invalid/gen-`)).length).toBeGreaterThanOrEqual(5);
    expect(JSON.parse(result.starting.get(`${roleCreate}/invalid/gen-missing-name.json`) ?? '{}')).toMatchObject({
      generated: true,
      expect: { path: '/name', keyword: 'required' },
    });

    const texts = JSON.parse(result.starting.get(roleTexts) ?? '{}');
    expect(texts.roles).toMatchObject({
      title: 'Roles',
      search_placeholder: 'Search roles',
      create: { title: 'Create role' },
      type: { User: 'User', MachineToMachine: 'Machine to machine' },
    });
    expect(texts.fields.role).toMatchObject({ name: 'Name', isDefault: 'Is default' });
    expect(texts.sidebar).toEqual({ roles: 'Roles' });
    // Only the entity's own: console-wide texts (validation messages, sidebar groups) stay in the console's files.
    expect(Object.keys(texts).sort()).toEqual(['fields', 'roles', 'sidebar']);

    // The check writes nothing and names them with the command (the copy has no generated files yet either).
    expect(checkProblems(root, result)[0]).toContain(
      `Starting files of a new entity or form are missing; run \`npm run codegen\` to write them, then review them:\n  ${roleCreate}/ (`,
    );
    expect(checkProblems(root, result)[0]).toContain(`\n  ${roleTexts}`);
    expect(existsSync(join(root, roleCreate))).toBe(false);

    // The author wrote one of them in the meantime: it is kept as it is.
    const mine = join(root, roleCreate, 'valid/gen-minimal.json');
    mkdirSync(dirname(mine), { recursive: true });
    writeFileSync(mine, '{ "body": { "name": "mine", "description": "mine" } }\n');
    const { started: written } = writeOutput(root, result);
    expect(written).not.toContain(`${roleCreate}/valid/gen-minimal.json`);
    expect(written).toEqual(expect.arrayContaining([`${roleCreate}/valid/gen-full.json`, roleTexts]));
    expect(readFileSync(mine, 'utf8')).toContain('"mine"');

    const again = await generate({ root });
    expect(again.starting.size).toBe(0);
    expect(checkProblems(root, again)).toEqual([]);
  });

  it('asks for hand-written create fixtures when the schema is beyond the generator', async () => {
    const root = copyProject();
    rmSync(join(root, roleCreate), { recursive: true });
    // No text matches this pattern (a lookahead that contradicts what follows it).
    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      schema.properties.name.pattern = '^(?=b)a$';
    });
    const error = await generate({ root }).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.message).toContain(
      'Create-body fixtures missing (no valid body could be generated from the schema; write them by hand)',
    );
    expect(error?.message).toContain(`${roleCreate}/ (src/entities/role/resource.json can be created)`);
    expect(error?.message).toContain('valid/minimal.json and valid/full.json');
    expect(error?.message).toContain('the least it needs (name, description)');
    expect(error?.message).toContain('invalid/*.json, at least five');
  });
});
