import type { EntityModel } from '../../shared/descriptor.js';
import type { JSONSchema7 } from '../../shared/json-schema.js';

/** A record as the server holds it (the repository's `Entity`). */
type Entity = Record<string, unknown>;

/**
 * Fields a schema declares beyond its columns. A write-only field (`writeOnly: true`, e.g. a password) is accepted in
 * request bodies and turned into stored values by a server hook; it has no column and is never returned. A derived
 * field (`x-derived`, read-only) is computed from the stored record on every read and never accepted in bodies.
 */
export interface Derivation {
  /** True when the named field holds a value (not null, not absent): `hasPassword` from `passwordEncrypted`. */
  notNull?: string;
  /**
   * The value of the same name in the `x-meta` of the branch the named field's chooser selects (a connector's
   * `type` from its factory); null when no branch is chosen or the branch has no such value.
   */
  choiceMeta?: string;
  /** With `choiceMeta`: a stored object whose value of the same name, when set, stands instead (a connector's own). */
  ownIn?: string;
  /**
   * Computed by the entity's `afterRead` hook from the named stored field (what an SSO connector's provider publishes
   * about its configuration); null until the hook sets it.
   */
  afterRead?: string;
}

type Property = JSONSchema7 & { writeOnly?: boolean; 'x-derived'?: Derivation };

const properties = (model: EntityModel) => Object.entries((model.schema.properties ?? {}) as Record<string, Property>);

const cache = new WeakMap<EntityModel, { writeOnly: string[]; derived: [string, Derivation][] }>();
const fieldsOf = (model: EntityModel) => {
  let found = cache.get(model);
  if (!found) {
    found = {
      writeOnly: properties(model)
        .filter(([, prop]) => prop.writeOnly)
        .map(([name]) => name),
      derived: properties(model).flatMap(([name, prop]) =>
        prop['x-derived'] ? [[name, prop['x-derived']] as [string, Derivation]] : [],
      ),
    };
    cache.set(model, found);
  }
  return found;
};

export const writeOnlyFields = (model: EntityModel): string[] => fieldsOf(model).writeOnly;

export const hasDerived = (model: EntityModel): boolean => fieldsOf(model).derived.length > 0;

/** The values without the write-only fields a server hook did not turn into stored values. */
export const withoutWriteOnly = (model: EntityModel, values: Entity): Entity => {
  const writeOnly = fieldsOf(model).writeOnly;
  if (writeOnly.length === 0) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !writeOnly.includes(key)));
};

const derive = (model: EntityModel, name: string, derivation: Derivation, record: Entity): unknown => {
  if (derivation.afterRead !== undefined) return record[name] ?? null;
  if (derivation.notNull !== undefined)
    return record[derivation.notNull] !== null && record[derivation.notNull] !== undefined;
  if (derivation.choiceMeta !== undefined) {
    const field = model.discriminated?.[derivation.choiceMeta];
    const chosen = field ? record[field.propertyName] : undefined;
    const own = derivation.ownIn ? (record[derivation.ownIn] as Record<string, unknown> | null)?.[name] : undefined;
    if (own !== undefined && own !== null && own !== '') return own;
    const meta = typeof chosen === 'string' && field ? field.branches[chosen]?.meta : undefined;
    return meta && Object.hasOwn(meta, name) ? meta[name] : null;
  }
  return null;
};

/** Sets `key` as an own data property, as `Object.fromEntries` does (even `__proto__`). */
const put = (target: Entity, key: string, value: unknown) => {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
};

type Projection = (record: Entity) => Entity;
const projections = new WeakMap<EntityModel, { shown: Projection; stripped: Projection }>();

/**
 * The record without its private fields (`stripped`), or also with its derived fields computed (`shown`), in one pass
 * and one new object per record: keys in the record's order, derived fields not stored appended after them.
 */
const projectionsOf = (model: EntityModel) => {
  let found = projections.get(model);
  if (!found) {
    const hidden = new Set(model.privateFields);
    const project =
      (derived: [string, Derivation][]): Projection =>
      (record) => {
        const result: Entity = {};
        for (const key of Object.keys(record)) if (!hidden.has(key)) put(result, key, record[key]);
        for (const [name, derivation] of derived)
          if (!hidden.has(name)) put(result, name, derive(model, name, derivation, record));
        return result;
      };
    found = { shown: project(fieldsOf(model).derived), stripped: project([]) };
    projections.set(model, found);
  }
  return found;
};

/** The record as API callers and webhooks see it: derived fields computed, private fields left out. */
export const shownRecord = (model: EntityModel, record: Entity): Entity => projectionsOf(model).shown(record);

/** The record without the fields that never leave the server (derived fields are not computed). */
export const withoutPrivate = (model: EntityModel, record: Entity): Entity => projectionsOf(model).stripped(record);

/**
 * What an entity looks like to API callers: its derived fields computed, without the fields that never leave the
 * server.
 */
export const publicView = (model: EntityModel) => {
  if (model.privateFields.length === 0 && !hasDerived(model)) return <T>(value: T) => value;
  const { shown } = projectionsOf(model);
  return <T>(value: T): T =>
    (Array.isArray(value) ? value.map(shown) : value && typeof value === 'object' ? shown(value as never) : value) as T;
};

/** A body's copy with `''` as null in the fields that take it for none (a body that is no object stays as it is). */
export const withEmptyAsNull = (model: EntityModel, body: unknown): Entity => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body as Entity;
  const copy = { ...(body as Entity) };
  for (const name of model.emptyAsNull ?? []) if (copy[name] === '') copy[name] = null;
  return copy;
};

/**
 * A list filter on a field derived from the chosen branch's metadata (a connector's `target`), as a filter on the
 * field that chooses: the branches whose metadata holds one of the values (none: a value no branch has); where the
 * record may hold its own value (`ownIn`), that value decides instead.
 */
export const chooserFilter = (model: EntityModel, field: string, values: string[]) => {
  const derivation = fieldsOf(model).derived.find(([name]) => name === field)?.[1];
  const chooser = derivation?.choiceMeta !== undefined ? model.discriminated?.[derivation.choiceMeta] : undefined;
  if (!chooser) return undefined;
  const branches = Object.entries(chooser.branches)
    .filter(([, branch]) => values.includes(String((branch.meta as Record<string, unknown> | undefined)?.[field])))
    .map(([id]) => id);
  const own = derivation?.ownIn ? { field: derivation.ownIn, key: field } : undefined;
  return { field: chooser.propertyName, values: branches, own };
};
