import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFixtures } from '../../codegen/qa-fixtures/generate.js';
import { entityModels } from '../../src/generated/entities.js';
import { ENTITIES_ROOT } from '../../src/shared/qa/fixtures.js';
import { qaForms } from '../../src/shared/qa/forms.js';
import { compileShapes } from '../shapes/compile.js';
import { matrixForms, resetMatrixSource, setMatrixSource } from './fixture-matrix.js';
import { createCases, tabCases } from './fixture-matrix-cases.js';
import { databases, useApi } from './harness.js';

/**
 * The test-only entities of tests/shapes/ (a collection, a singleton, a log…) in the API matrix with nothing but
 * their schema and descriptor: their fixtures are generated here, into a folder of their own, and sent through the
 * same routes as the project's.
 */
const compiled = await compileShapes();
const product = new Set(entityModels.map((model) => model.name));
const shapes = (entity: string) => !product.has(entity);
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-qa-shapes-'));
generateFixtures(
  qaForms(compiled.models).filter((form) => shapes(form.entity)),
  compiled.validators as Parameters<typeof generateFixtures>[1],
  dir,
);
setMatrixSource(compiled.models, [dir, ENTITIES_ROOT]);
afterAll(() => {
  resetMatrixSource();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(databases())('generated fixtures of the test-only entities on $name', (target) => {
  const api = useApi(target, { catalog: async () => compiled.catalog });

  it('covers a create form and a singleton settings tab', () => {
    const names = [...matrixForms('create', shapes), ...matrixForms('tab', shapes)].map((f) => `${f.entity}/${f.form}`);
    expect(names).toEqual(expect.arrayContaining(['locker/create', 'workspaceSettings/tab-general']));
  });

  createCases(api, matrixForms('create', shapes));
  tabCases(api, matrixForms('tab', shapes));
});
