import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { migrate } from '../../src/server/db/migrate.js';
import { type CompiledShapes, compileShapes } from '../shapes/compile.js';
import { type DatabaseTarget, useApi } from './harness.js';

/**
 * The app serving the project's entities plus the test shapes of `tests/shapes/` (a singleton and a log), compiled
 * by codegen into a temporary root; their tables come from the migration codegen wrote for them.
 */
export const useShapesApi = (target: DatabaseTarget) => {
  let compiled: CompiledShapes | undefined;
  beforeAll(async () => {
    compiled = await compileShapes();
  });
  afterAll(() => compiled?.dispose());
  const api = useApi(target, {
    setup: async (db: Database) => {
      if (!compiled) throw new Error('shapes are compiled in beforeAll');
      await migrate(db, compiled.migrations);
      return { entities: { models: compiled.models, validators: compiled.validators } };
    },
  });
  /** The compiled model of a shape (available inside tests). */
  const model = (name: string) => {
    const found = compiled?.models.find((m) => m.name === name);
    if (!found) throw new Error(`no compiled shape ${name}`);
    return found;
  };
  return { api, model };
};
