import { describe } from 'vitest';
import { matrixForms } from './fixture-matrix.js';
import { tabCases } from './fixture-matrix-cases.js';
import { databases, useApi } from './harness.js';

/** Every settings tab's fixtures through `PATCH` on an item: stored as sent, or refused with the item unchanged. */
describe.each(databases())('settings tab fixtures on $name', (target) => {
  tabCases(useApi(target), matrixForms('tab'));
});
