import { readFileSync } from 'node:fs';
import { entityModels } from '../generated/entities.js';
import { migrations } from '../generated/migrations/index.js';
import { serverOverrides } from '../generated/server-overrides.js';
import { validators } from '../generated/validators.js';
import type { Catalog } from './crud/catalog.js';

const openapiPath = new URL('../generated/openapi.json', import.meta.url);

/** What this server serves as codegen wrote it (`src/generated/`), with the override implementations. */
export const generatedCatalog = (): Catalog => ({
  models: entityModels,
  validators,
  migrations,
  overrides: serverOverrides,
  openapi: readFileSync(openapiPath, 'utf8'),
});
