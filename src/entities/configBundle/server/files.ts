import type { RequestContext } from '../../../server/crud/context.js';
import type { EntityOperations } from '../../../server/crud/contracts.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import type { EntityModel } from '../../../shared/descriptor.js';

/**
 * Configuration as code's files: one JSON file per item, `<folder>/<key>.json`, holding the fields its create body
 * takes in a stable order; a secret is a reference to an environment variable (`{"$env": NAME}`), never its value.
 */
export type Files = Record<string, Record<string, unknown>>;
export type AsCodeModel = EntityModel & { asCode: { key: string; folder: string } };

const ENV = '$env';
export const isEnvRef = (value: unknown) => typeof value === 'object' && value !== null && ENV in value;

export const asCodeModels = (models: readonly EntityModel[]): AsCodeModel[] =>
  models.filter((model): model is AsCodeModel => Boolean(model.asCode));

/** Objects with their keys sorted, all the way down, so a file reads the same for the same item. */
const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
  );
};

const isSecret = (model: EntityModel, field: string) => model.schema.properties?.[field]?.['x-secret'] === true;

/** The environment variable a secret is read from: `APPLICATIONS_STOREFRONT_SECRET`. */
const envName = (model: AsCodeModel, key: string, field: string) =>
  `${model.asCode.folder}_${key}_${field}`.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/** The file of one item: the fields its create body takes, as stored. */
export const fileOf = (model: AsCodeModel, item: Entity): Record<string, unknown> => {
  const key = String(item[model.asCode.key]);
  const fields = Object.keys(model.requestBodies.create?.schema.properties ?? {});
  const content = Object.fromEntries(
    fields
      .filter((field) => item[field] !== undefined && item[field] !== null)
      .map((field) => [field, isSecret(model, field) ? { [ENV]: envName(model, key, field) } : item[field]]),
  );
  return sorted(content) as Record<string, unknown>;
};

/** A file's path: the key with what a file name cannot hold (`/`, `:` and the like) as `_`. */
export const pathOf = (model: AsCodeModel, key: string) =>
  `${model.asCode.folder}/${key.replace(/[^A-Za-z0-9._@ -]/g, '_')}.json`;

/** The tenant's items of one entity by key; two with the same key cannot be told apart in files. */
export const currentItems = async (model: AsCodeModel, ops: EntityOperations, context: RequestContext) => {
  const { items } = await ops.list(context, {});
  const byKey = new Map<string, Entity>();
  for (const item of items) {
    const key = String(item[model.asCode.key]);
    if (byKey.has(key)) throw duplicate(model, key);
    byKey.set(key, item);
  }
  return byKey;
};

const duplicate = (model: AsCodeModel, key: string) =>
  new ApiError('config.duplicate_key', { folder: model.asCode.folder, key, field: model.asCode.key });

/**
 * The files by entity and key, each checked: in a folder of configuration as code, a `.json` file, naming its key.
 * Entities whose folder is absent are not in the map (they are left as they are).
 */
export const readFiles = (models: AsCodeModel[], files: Files) => {
  const byFolder = new Map(models.map((model) => [model.asCode.folder, model]));
  const wanted = new Map<AsCodeModel, Map<string, { file: string; content: Record<string, unknown> }>>();
  for (const [file, content] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [folder = '', name = '', ...rest] = file.split('/');
    const model = byFolder.get(folder);
    if (!model || rest.length > 0 || !name.endsWith('.json')) {
      throw new ApiError('config.unknown_file', { file, folders: [...byFolder.keys()].join(', ') });
    }
    const key = content[model.asCode.key];
    if (typeof key !== 'string' || !key) throw new ApiError('config.missing_key', { file, field: model.asCode.key });
    const items = wanted.get(model) ?? new Map();
    if (items.has(key)) throw duplicate(model, key);
    items.set(key, { file, content });
    wanted.set(model, items);
  }
  return wanted;
};
