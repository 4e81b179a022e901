import type { ValidateFunction } from 'ajv';
import type { EntityModel } from '../../shared/descriptor.js';
import type { ServerOverrides } from './overrides.js';

/** A database migration, applied once, in order, by name. */
export interface Migration {
  name: string;
  sql: string;
}

/**
 * What a server serves: its entity models, their compiled validators, the migrations of their tables, the OpenAPI
 * document describing them and the override implementations their descriptors name. The generic layer reads only
 * this; `buildApp` defaults it to what codegen wrote into `src/generated/`, and a test may give one of its own
 * (entities compiled from test-only schemas).
 */
export interface Catalog {
  models: readonly EntityModel[];
  validators: Readonly<Record<string, ValidateFunction>>;
  migrations: readonly Migration[];
  overrides: ServerOverrides;
  /** The OpenAPI document served at `/api/swagger.json`, as JSON text. */
  openapi: string;
}

/** The model named `name`; a missing one is a programming error. */
export const modelOf = (catalog: Pick<Catalog, 'models'>, name: string): EntityModel => {
  const found = catalog.models.find((model) => model.name === name);
  if (!found) throw new Error(`The catalog has no entity ${name}`);
  return found;
};
