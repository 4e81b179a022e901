import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GenerateResult, generate } from '../../codegen/generate.js';
import { checkProblems, writeOutput } from '../../codegen/output.js';
import type { CompiledValidator } from '../../src/shared/record-rules.js';
import { expectCreateFixturesHold, invalidFixtures, validFixtures } from '../fixtures.js';
import { bystander, newEntityHandlers, newEntityOfKind } from '../shapes/new-entities.js';
import { generateShapes } from '../shapes/polymorphic/root.js';
import { bareRoot, readGenerated } from '../shapes/sets.js';
import { consoleModelsOf } from './codegen-project.js';

/**
 * "Add an entity in two files": for one new entity of each kind, a folder holding only `schema.json` and
 * `resource.json` is enough. The first codegen succeeds and writes the generated output, the starting fixtures and
 * the English texts; a second run changes nothing; deleting the folders removes the entities again.
 */
const { root, dispose } = bareRoot('new-entity');
const entities = join(root, 'src/entities');
const options = { root, extraServerOverrideKeys: newEntityHandlers };
afterAll(dispose);

const addFolders = (folders: Record<string, { schema: object; resource: object }>) => {
  for (const [name, { schema, resource }] of Object.entries(folders)) {
    mkdirSync(join(entities, name));
    writeFileSync(join(entities, name, 'schema.json'), JSON.stringify(schema, null, 2));
    writeFileSync(join(entities, name, 'resource.json'), JSON.stringify(resource, null, 2));
  }
};

/** The console's resources of the new entities (`name route`). */
const registryRoutes = (files: Map<string, string>) =>
  consoleModelsOf(files)
    .filter((resource) => resource.name in newEntityOfKind)
    .map((resource) => `${resource.name} ${resource.route}`);

const tables = ['gadgets', 'gadget_settings', 'gadget_events', 'shelf_gadgets'];

describe('a new entity of each kind from its schema and descriptor alone', () => {
  let first: GenerateResult;
  let validators: Record<string, CompiledValidator>;
  beforeAll(async () => {
    addFolders({ ...newEntityOfKind, ...bystander });
    const generated = await generateShapes(root, options);
    first = generated.result;
    validators = generated.validators;
    writeOutput(root, first);
  }, 60_000);

  it('compiles: a model, a table, API paths and a console page where the kind has one', () => {
    const { models, openapi } = readGenerated(first.files);
    expect(models.map((model) => `${model.name} ${model.kind}`).sort()).toEqual([
      'gadget collection',
      'gadgetEvent log',
      'gadgetSettings singleton',
      'gadgetStats service',
      'shelf collection',
      'shelfGadget relation',
    ]);
    const migration = first.files.get(first.newMigration ?? '') ?? '';
    for (const table of tables) expect(migration).toContain(`CREATE TABLE "${table}"`);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/gadgets',
        '/api/gadgets/{id}',
        '/api/gadget-settings',
        '/api/gadget-events',
        '/api/gadget-events/{id}',
        '/api/shelves/{id}/gadgets',
        '/api/gadget-stats/label',
      ]),
    );
    expect(registryRoutes(first.files).sort()).toEqual([
      'gadget gadgets',
      'gadgetEvent gadget-events',
      'gadgetSettings gadget-settings',
    ]);
  });

  it('starts the fixtures of each form: the create bodies hold against the create validators', () => {
    const folders = [...first.starting.keys()].map((path) => path.split('/').slice(2, 5).join('/'));
    expect([...new Set(folders.filter((folder) => folder.includes('/fixtures/')))].sort()).toEqual([
      'gadget/fixtures/create',
      'gadget/fixtures/tab-settings',
      'gadgetSettings/fixtures/tab-general',
      'gadgetStats/fixtures/action-label',
      'shelf/fixtures/create',
    ]);
    const { models } = readGenerated(first.files);
    for (const model of models.filter((m) => m.operations.create)) {
      const validate = validators[model.requestBodies.create?.validatorKey ?? ''];
      if (!validate) throw new Error(`No compiled create validator for ${model.name}`);
      expectCreateFixturesHold(validate, validFixtures(model.name, entities), invalidFixtures(model.name, entities));
    }
  });

  it('starts the English texts the console needs, in each entity folder', () => {
    const texts = (name: string) => JSON.parse(first.starting.get(`src/entities/${name}/locales/en.json`) ?? 'null');
    expect(texts('gadget')).toMatchObject({
      gadgets: { title: 'Gadgets', create: { title: 'Create gadget' }, color: { red: 'Red', blue: 'Blue' } },
      sidebar: { gadgets: 'Gadgets' },
      fields: { gadget: { name: 'Name', color: 'Color', serialNumber: 'Serial number' } },
      errors: { gadget: { name_in_use: 'The gadget name {{name}} is already in use.' } },
    });
    expect(texts('gadgetSettings')).toMatchObject({
      gadget_settings: { title: 'Gadget settings', sidebar: 'Gadget settings', tab: { general: 'General' } },
      fields: { gadgetSettings: { shelfLimit: 'Shelf limit' } },
    });
    expect(texts('gadgetEvent')).toMatchObject({
      gadget_events: { title: 'Gadget events', column: { key: 'Key' }, result: { Success: 'Success' } },
    });
    // The relation's link error; a service has no page, so no texts.
    expect(texts('shelfGadget')).toEqual({
      errors: { shelf: { gadget_already_on_it: 'The gadget {{id}} has already been added to this shelf.' } },
    });
    expect(texts('gadgetStats')).toBe(null);
  });

  it('changes nothing when run again', async () => {
    const again = await generate(options);
    expect(again.newMigration).toBeUndefined();
    expect(again.starting.size).toBe(0);
    expect(checkProblems(root, again)).toEqual([]);
  });

  it('removes the entities with their folders: no model, path, page or text, and the tables dropped when allowed', async () => {
    for (const name of Object.keys(newEntityOfKind)) rmSync(join(entities, name), { recursive: true });
    await expect(generate(options)).rejects.toThrow(/table \w+ would be dropped; run codegen with --allow-drop/);
    const dropped = await generate({ ...options, allowDrop: true });
    const { files, newMigration } = dropped;
    const { models, openapi } = readGenerated(files);
    // The console models of the deleted entities, written by the first run, are removed from disk too.
    const consoleModels = join(root, 'src/generated/console-models');
    expect(readdirSync(consoleModels).filter((file) => /gadget/i.test(file))).not.toEqual([]);
    expect(checkProblems(root, dropped).join('\n')).toMatch(/console-models\/\w*[gG]adget\w*\.ts/);
    writeOutput(root, dropped);
    expect(readdirSync(consoleModels).filter((file) => /gadget/i.test(file))).toEqual([]);
    expect(models.map((model) => model.name)).toEqual(['shelf']);
    expect(Object.keys(openapi.paths).filter((path) => path.includes('gadget'))).toEqual([]);
    expect(registryRoutes(files)).toEqual([]);
    const keys = JSON.parse(files.get('src/generated/i18n-keys.json') ?? '{}');
    expect(Object.keys(keys.required).filter((key) => /gadget/i.test(key))).toEqual([]);
    const migration = files.get(newMigration ?? '') ?? '';
    for (const table of tables) expect(migration).toContain(`DROP TABLE "${table}"`);
    expect(readdirSync(entities).sort()).toEqual(['_defs', 'shelf']);
    expect(existsSync(join(entities, 'shelf/fixtures/create'))).toBe(true);
  });
});
