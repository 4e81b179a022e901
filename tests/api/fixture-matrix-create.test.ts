import { describe } from 'vitest';
import { matrixForms } from './fixture-matrix.js';
import { createCases } from './fixture-matrix-cases.js';
import { databases, useApi } from './harness.js';

/** Every create form's fixtures through `POST` at the collection: stored as sent, or refused as expected. */
describe.each(databases())('create fixtures on $name', (target) => {
  createCases(useApi(target), matrixForms('create'));
});
