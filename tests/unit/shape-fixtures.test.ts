import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { inputIssues } from '../../src/shared/branches.js';
import type { EntityModel } from '../../src/shared/descriptor.js';
import { entitiesWithFixtures } from '../../src/shared/qa/fixtures.js';
import type { CompiledValidator } from '../../src/shared/record-rules.js';
import { invalidFixtures, validFixtures } from '../fixtures.js';
import { compileShapes } from '../shapes/compile.js';
import { generateShapes } from '../shapes/polymorphic/root.js';
import { setEntities, setRoot } from '../shapes/sets.js';

const shapes = join(import.meta.dirname, '../shapes');
const product = new Set(entityModels.map((model) => model.name));

interface Compiled {
  /** The test-only entities of the set. */
  models: EntityModel[];
  validators: Record<string, CompiledValidator>;
  /** The set's entity folders, which hold their fixtures. */
  entities: string;
}

/** The test-only entity sets, each compiled as its tests compile it: the shapes beside the product, the others alone. */
const sets: Record<string, () => Promise<Compiled>> = {
  shapes: async () => {
    const { models, validators } = await compileShapes();
    return { models: models.filter((m) => !product.has(m.name)), validators, entities: join(shapes, 'entities') };
  },
  relations: () => compiledSet('relations'),
  polymorphic: () => compiledSet('polymorphic'),
};

const disposers: (() => void)[] = [];
const compiledSet = async (set: string): Promise<Compiled> => {
  const { root, dispose } = setRoot(set);
  disposers.push(dispose);
  const { models, validators } = await generateShapes(root);
  return { models, validators, entities: setEntities(set) };
};
afterAll(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

describe.each(Object.keys(sets))('the test-only entities of %s', (set) => {
  let compiled: Compiled;
  beforeAll(async () => {
    compiled = await (sets[set] as () => Promise<Compiled>)();
  }, 60_000);

  const creatable = () => compiled.models.filter((model) => model.operations.create);
  const folders = () => entitiesWithFixtures('create', compiled.entities);

  it('have create-body fixtures for every entity that can be created, and none for anything else', () => {
    expect(creatable().length).toBeGreaterThan(0);
    const names = creatable().map((model) => model.name);
    expect(names.filter((name) => !folders().includes(name))).toEqual([]);
    expect(folders().filter((name) => !names.includes(name))).toEqual([]);
  });

  it('are accepted and refused by the compiled create validators as their fixtures say', () => {
    for (const model of creatable()) {
      const validate = compiled.validators[model.requestBodies.create?.validatorKey ?? ''];
      if (!validate) throw new Error(`No compiled create validator for ${model.name}`);
      const valid = validFixtures(model.name, compiled.entities);
      const invalid = invalidFixtures(model.name, compiled.entities);
      expect(valid.length, `${model.name}: valid fixtures`).toBeGreaterThanOrEqual(1);
      expect(invalid.length, `${model.name}: invalid fixtures`).toBeGreaterThanOrEqual(5);
      for (const fixture of valid) {
        expect(validate(structuredClone(fixture.body)), `${model.name}/valid/${fixture.name}`).toBe(true);
      }
      for (const fixture of invalid) {
        expect(validate(structuredClone(fixture.body)), `${model.name}/invalid/${fixture.name}`).toBe(false);
        // As the server reports them: JSON pointers, a discriminator's errors at the discriminator.
        const issues = inputIssues(validate.errors).map(({ path, keyword }) => ({ path, keyword }));
        expect(issues, `${model.name}/invalid/${fixture.name}`).toContainEqual(fixture.expect);
      }
    }
  });
});
