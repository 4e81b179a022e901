import type { LinkedRelation } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { cleanSchema } from './forms.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf } from './names.js';

/** Ids given at creation to link right away (Logto accepts an empty list). */
export const createFieldSchema = (): JSONSchema7 => idList(100);

const idList = (maxItems: number): JSONSchema7 => ({
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 21 },
  uniqueItems: true,
  maxItems,
});

/** The body of an assignment: the ids to link and the relation's writable attributes (see `assignBodySchema`). */
export const assignSchema = (relation: LinkedRelation, through: JSONSchema7 | undefined): JSONSchema7 =>
  withNames(
    relation,
    assignBodySchema(relation, through, {
      ...idList(100),
      minItems: relation.assignByName ? 0 : 1,
      // Where links already there are skipped, an id given twice is one link too (Logto removes the repeats).
      uniqueItems: relation.existing !== 'skip',
    }),
  );

/** With `assignByName`, a body may name targets by that field instead of (or besides) their ids. */
const withNames = (relation: LinkedRelation, schema: JSONSchema7): JSONSchema7 => {
  const byName = relation.assignByName;
  if (!byName) return schema;
  return {
    ...schema,
    required: (schema.required ?? []).filter((field) => field !== relation.assignField),
    properties: {
      ...schema.properties,
      [byName.field]: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 100 },
    },
  };
};

/** A bulk assignment: the links (`userIds`) and the ids each gets (`organizationRoleIds`), both non-empty. */
export const bulkSchema = (relation: LinkedRelation, nested: LinkedRelation): JSONSchema7 => ({
  type: 'object',
  additionalProperties: false,
  required: [relation.assignField, nested.assignField],
  properties: {
    [relation.assignField]: { ...idList(100), minItems: 1 },
    [nested.assignField]: { ...idList(100), minItems: 1 },
  },
});

/** The body of a collection's `PUT`: the item keys the parent keeps, each as the item key field is declared. */
export const replaceAllSchema = ({ descriptor: d, schema }: LoadedEntity, field: string): JSONSchema7 => {
  const key = d.itemKey ? schema.properties?.[d.itemKey] : undefined;
  if (!d.parent || !key) {
    throw new CodegenError(`${descriptorFileOf(d.name)}: replace needs a parent and an itemKey`);
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: [field],
    properties: { [field]: { type: 'array', items: cleanSchema(key), maxItems: 100 } },
  };
};

/** The body of a relation's `PUT`: every id the source keeps or gets (an empty list removes them all). */
export const replaceSchema = (relation: LinkedRelation): JSONSchema7 =>
  withNames(relation, {
    type: 'object',
    additionalProperties: false,
    required: [relation.assignField],
    properties: { [relation.assignField]: { ...idList(100), uniqueItems: false } },
  });

/** An assignment: the ids to link and the relation's writable attributes, which every new link gets. */
export const assignBodySchema = (relation: LinkedRelation, through: JSONSchema7 | undefined, idList: JSONSchema7) => {
  const required = new Set(through?.required ?? []);
  const attributes = Object.fromEntries(
    relation.assignAttributes.map((field) => [field, cleanSchema(through?.properties?.[field] ?? {})]),
  );
  return {
    type: 'object',
    additionalProperties: false,
    required: [
      relation.assignField,
      ...relation.assignAttributes.filter((f) => required.has(f) && through?.properties?.[f]?.default === undefined),
    ],
    properties: { [relation.assignField]: idList, ...attributes },
  } satisfies JSONSchema7;
};

/** What a listed item carries under `attributesAs`: the relation's attributes, as the relation's schema has them. */
export const linkAttributesSchema = (relation: LinkedRelation, through: JSONSchema7 | undefined): JSONSchema7 => ({
  type: 'object',
  required: relation.attributes.map(({ field }) => field).filter((field) => (through?.required ?? []).includes(field)),
  properties: Object.fromEntries(
    relation.attributes.map(({ field }) => [field, cleanSchema(through?.properties?.[field] ?? {})]),
  ),
});
