import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf, schemaFileOf } from './names.js';

/** How a derived field is computed from the stored record (see `src/server/crud/fields.ts`). */
const derivations = ['notNull', 'choiceMeta', 'afterRead'] as const;

/** Whether a property is stored in a column: write-only and derived fields are not. */
export const isStored = (prop: JSONSchema7): boolean => !prop.writeOnly && prop['x-derived'] === undefined;

/**
 * Checks the write-only and derived fields of an entity schema. A write-only field is writable, never private nor
 * required in the record, and the entity has a server hook that turns it into stored values. A derived field is
 * read-only, not required in bodies, and computed by one known derivation from a stored field.
 */
export const checkFieldKinds = (entity: LoadedEntity): void => {
  const { descriptor: d, schema } = entity;
  const where = `${schemaFileOf(d.name)}`;
  const properties = schema.properties ?? {};
  for (const [name, prop] of Object.entries(properties)) {
    if (prop.writeOnly) {
      if (prop.readOnly || prop['x-private'] || prop['x-derived'] !== undefined) {
        throw new CodegenError(`${where}: writeOnly field ${name} cannot be readOnly, x-private or x-derived`);
      }
      if ((schema.required ?? []).includes(name)) {
        throw new CodegenError(`${where}: writeOnly field ${name} cannot be required (it is never stored)`);
      }
      if (!d.serverHooks?.beforeCreate && !d.serverHooks?.beforeUpdate) {
        throw new CodegenError(
          `${descriptorFileOf(d.name)}: writeOnly field ${name} needs a serverHooks.beforeCreate or beforeUpdate that stores it`,
        );
      }
    }
    const derived = prop['x-derived'];
    if (derived === undefined) continue;
    if (!prop.readOnly) throw new CodegenError(`${where}: x-derived field ${name} must be readOnly`);
    // `ownIn` (with `choiceMeta` only): a stored object whose value of the same name, when set, stands instead.
    const { ownIn, ...rest } = derived as Record<string, unknown>;
    const entries = Object.entries(rest);
    const [kind, source] = entries[0] ?? [];
    if (ownIn !== undefined && (kind !== 'choiceMeta' || typeof ownIn !== 'string' || !properties[ownIn])) {
      throw new CodegenError(`${where}: x-derived ownIn of ${name} must name a stored sibling, beside choiceMeta`);
    }
    if (entries.length !== 1 || !derivations.includes(kind as (typeof derivations)[number])) {
      throw new CodegenError(`${where}: x-derived of ${name} must be one of ${derivations.join(', ')}`);
    }
    const from = typeof source === 'string' ? properties[source] : undefined;
    if (kind === 'choiceMeta' && !(from as Record<string, unknown> | undefined)?.['x-chosen-by']) {
      throw new CodegenError(
        `${where}: x-derived choiceMeta of ${name} names ${String(source)}, which no sibling chooses`,
      );
    }
    if (kind === 'afterRead' && !d.serverHooks?.afterRead) {
      throw new CodegenError(`${where}: x-derived afterRead of ${name} needs a serverHooks.afterRead that computes it`);
    }
    if (!from || !isStored(from)) {
      throw new CodegenError(`${where}: x-derived of ${name} names ${String(source)}, which is not a stored field`);
    }
  }
};
