import type { EntityModel } from '../../shared/descriptor.js';
import type { JSONSchema7 } from '../../shared/json-schema.js';
import type { Entity } from './repository.js';

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
  if (derivation.notNull !== undefined)
    return record[derivation.notNull] !== null && record[derivation.notNull] !== undefined;
  if (derivation.choiceMeta !== undefined) {
    const field = model.discriminated?.[derivation.choiceMeta];
    const chosen = field ? record[field.propertyName] : undefined;
    const meta = typeof chosen === 'string' && field ? field.branches[chosen]?.meta : undefined;
    return meta && Object.hasOwn(meta, name) ? meta[name] : null;
  }
  return null;
};

/** The record with its derived fields computed (before private fields are stripped, since they may read them). */
export const withDerived = (model: EntityModel, record: Entity): Entity => {
  const derived = fieldsOf(model).derived;
  if (derived.length === 0) return record;
  const result = { ...record };
  for (const [name, derivation] of derived) result[name] = derive(model, name, derivation, record);
  return result;
};

/**
 * What an entity looks like to API callers: its derived fields computed, without the fields that never leave the
 * server.
 */
export const publicView = (model: EntityModel) => {
  if (model.privateFields.length === 0 && !hasDerived(model)) return <T>(value: T) => value;
  const strip = (entity: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(withDerived(model, entity)).filter(([key]) => !model.privateFields.includes(key)),
    );
  return <T>(value: T): T =>
    (Array.isArray(value) ? value.map(strip) : value && typeof value === 'object' ? strip(value as never) : value) as T;
};
