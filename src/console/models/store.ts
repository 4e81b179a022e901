import { consoleEntries, consoleModels } from '../../generated/console-index';
import type { ConsoleEntry } from '../../shared/console-entry';
import type { ConsoleResource } from '../../shared/descriptor';
import { addValidators } from '../rjsf/validator-table';

/**
 * The console's entities in two parts: the index (every entity's entry, in the first load) and each entity's whole
 * model, loaded with the pages that show it, together with the models it names (relation targets, pickers).
 */
export const allEntries: readonly ConsoleEntry[] = consoleEntries;

const entryByName = new Map(allEntries.map((entry) => [entry.name, entry]));

export const findEntry = (name: string): ConsoleEntry | undefined => entryByName.get(name);

export const requireEntry = (name: string): ConsoleEntry => {
  const entry = entryByName.get(name);
  if (!entry) throw new Error(`Unknown console resource "${name}"`);
  return entry;
};

/** An entity and every entity its model names, directly or through another's. */
export const modelClosure = (names: readonly string[]): string[] => {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const used of entryByName.get(name)?.uses ?? []) visit(used);
  };
  names.forEach(visit);
  return [...seen].sort();
};

const loaded = new Map<string, ConsoleResource>();
const pending = new Map<string, Promise<void>>();

const loadOne = (name: string): Promise<void> => {
  const existing = pending.get(name);
  if (existing) return existing;
  const loader = consoleModels[name];
  if (!loader) return Promise.reject(new Error(`Unknown console resource "${name}"`));
  const promise = loader().then(
    ({ model, validators }) => {
      addValidators(validators);
      loaded.set(name, model);
    },
    (error: unknown) => {
      // A failed chunk load (offline, a new release) is tried again on the next visit.
      pending.delete(name);
      throw error;
    },
  );
  pending.set(name, promise);
  return promise;
};

export const modelsLoaded = (names: readonly string[]): boolean =>
  modelClosure(names).every((name) => loaded.has(name));

const batches = new Map<string, Promise<void>>();

/** Loads the models of these entities and of those they name; the same promise for the same names. */
export const loadModels = (names: readonly string[]): Promise<void> => {
  const closure = modelClosure(names);
  const key = closure.join(',');
  const existing = batches.get(key);
  if (existing) return existing;
  const batch = Promise.all(closure.map(loadOne)).then(
    () => undefined,
    (error: unknown) => {
      batches.delete(key);
      throw error;
    },
  );
  batches.set(key, batch);
  return batch;
};

/** A promise React's `use` reads without waiting: already settled, and saying so. */
const settled = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/** What a page waits for before drawing these entities: nothing when their models are loaded. */
export const modelsReady = (names: readonly string[]): Promise<void> =>
  modelsLoaded(names) ? settled : loadModels(names);

/** Every entity's model (the QA gallery shows every form). */
export const loadAllModels = () => loadModels(allEntries.map((entry) => entry.name));

/** A loaded model, or `undefined` while it is not loaded. */
export const findResource = (name: string): ConsoleResource | undefined => loaded.get(name);

/** A loaded model; a page that shows an entity names it in its models, so it is loaded before the page renders. */
export const requireResource = (name: string): ConsoleResource => {
  const resource = loaded.get(name);
  if (resource) return resource;
  if (!entryByName.has(name)) throw new Error(`Unknown console resource "${name}"`);
  throw new Error(`The console model of "${name}" is not loaded: name it in the models of the page that shows it`);
};
