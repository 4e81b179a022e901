import { type CompiledShapes, compileShapes } from '../shapes/compile.js';
import { type DatabaseTarget, useApi } from './harness.js';

/** One compile per test file: every database target of the file serves the same compiled shapes. */
let compiling: Promise<CompiledShapes> | undefined;
const compiled = () => {
  compiling ??= compileShapes();
  return compiling;
};

/**
 * The app serving the project's entities plus the test shapes of `tests/shapes/`, compiled by codegen into a
 * temporary root; their tables come from the migration codegen wrote for them.
 */
export const useShapesApi = (target: DatabaseTarget) => {
  let models: CompiledShapes['models'] = [];
  const api = useApi(target, {
    catalog: async () => {
      const shapes = await compiled();
      models = shapes.models;
      return shapes.catalog;
    },
  });
  /** The compiled model of a shape (available inside tests). */
  const model = (name: string) => {
    const found = models.find((m) => m.name === name);
    if (!found) throw new Error(`no compiled shape ${name}`);
    return found;
  };
  return { api, model };
};
