import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixtures, type Validator } from '../../codegen/qa-fixtures/generate.js';
import { entityModels } from '../../src/generated/entities.js';
import { inputIssues } from '../../src/shared/branches.js';
import type { EntityModel } from '../../src/shared/descriptor.js';
import { assertFixture } from '../../src/shared/qa/check.js';
import { formFixtures } from '../../src/shared/qa/fixtures.js';
import { type QaForm, qaForms } from '../../src/shared/qa/forms.js';
import { compileShapes } from '../shapes/compile.js';
import { generateShapes } from '../shapes/polymorphic/root.js';
import { setRoot } from '../shapes/sets.js';

const product = new Set(entityModels.map((model) => model.name));

interface Compiled {
  models: EntityModel[];
  validators: Record<string, Validator>;
}

/** The test-only entity sets of tests/shapes/, compiled as their own tests compile them. */
const disposers: (() => void)[] = [];
const sets: Record<string, () => Promise<Compiled>> = {
  shapes: async () => {
    const { models, validators } = await compileShapes();
    return { models: models.filter((m) => !product.has(m.name)), validators };
  },
  relations: () => compiledSet('relations'),
  polymorphic: () => compiledSet('polymorphic'),
};
const compiledSet = async (set: string): Promise<Compiled> => {
  const { root, dispose } = setRoot(set);
  disposers.push(dispose);
  return generateShapes(root);
};
/** Some of the forms each set declares: create dialogs, and a singleton's settings tab. */
const expected: Record<string, string[]> = {
  shapes: ['locker/create', 'workspaceSettings/tab-general'],
  relations: ['team/create', 'member/create', 'teamRole/create'],
  polymorphic: ['ssoConnector/create'],
};
afterAll(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

/**
 * An entity added from its two data files (schema and descriptor) has its forms and generated fixtures at once:
 * the test-only entities get them from `generateFixtures` alone, with no file of theirs written by hand.
 */
describe.each(Object.keys(sets))('the test-only entities of %s', (set) => {
  let compiled: Compiled;
  let forms: QaForm[];
  const dir = mkdtempSync(join(tmpdir(), `gatehouse-qa-${set}-`));
  beforeAll(async () => {
    compiled = await (sets[set] as () => Promise<Compiled>)();
    forms = qaForms(compiled.models);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('get generated valid and invalid fixtures for every form, each holding against the form validator', () => {
    expect(forms.map((form) => `${form.entity}/${form.form}`)).toEqual(expect.arrayContaining(expected[set] ?? []));
    const { skipped } = generateFixtures(forms, compiled.validators, dir);
    expect(skipped).toEqual([]);
    for (const form of forms) {
      const validate = compiled.validators[form.validatorKey];
      if (!validate) throw new Error(`no validator for ${form.entity}/${form.form}`);
      const { valid, invalid } = formFixtures(form.entity, form.form, [dir]);
      expect(valid.length, `${form.entity}/${form.form}: valid`).toBeGreaterThan(0);
      expect(invalid.length, `${form.entity}/${form.form}: invalid`).toBeGreaterThan(0);
      for (const fixture of [...valid, ...invalid]) {
        expect(fixture.generated).toBe(true);
        assertFixture(fixture, validate(structuredClone(fixture.body)) ? [] : inputIssues(validate.errors));
      }
    }
  });
});
