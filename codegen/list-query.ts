import { hashForSchema } from '@rjsf/utils';
import {
  type EntityModel,
  type FormModel,
  type LinkedRelation,
  type QueryExtra,
  type SearchQuery,
  searchQueryOf,
} from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { FLAG_VALUES_TEXT } from '../src/shared/query-flags.js';
import { cleanSchema } from './forms.js';
import { logParameters } from './kinds/log.js';
import { pascalCase, plural, words } from './names.js';
import type { QueryParameter } from './query-parameter.js';

export const pageParameters: QueryParameter[] = [
  { name: 'page', description: 'Page number (starts from 1).', schema: { type: 'integer', minimum: 1 } },
  {
    name: 'page_size',
    description: 'Entries per page (at most 100).',
    schema: { type: 'integer', minimum: 1, maximum: 100 },
  },
];

export const searchParameter: QueryParameter = {
  name: 'search',
  description: 'Case-insensitive pattern matched against the searchable fields; use % as a wildcard (e.g. %admin%).',
  schema: { type: 'string' },
};

/** The search parameter a list names (`search`, or e.g. Logto's `q`), described by how it matches. */
export const searchParameterOf = ({ param, match }: SearchQuery): QueryParameter =>
  match === 'contains'
    ? {
        name: param,
        description: 'Case-insensitive text found anywhere in one of the searchable fields.',
        schema: { type: 'string' },
      }
    : { ...searchParameter, name: param };

const modes = ['exact', 'like', 'similar_to', 'posix'];

/** Logto's field search parameters, for a list whose descriptor allows it (`fieldSearch`). */
export const fieldSearchParameters = (model: EntityModel): QueryParameter[] =>
  model.fieldSearch
    ? [
        {
          name: 'mode',
          description: 'How every search value is matched: exact, like (default), similar_to or posix.',
          schema: { type: 'string', enum: modes },
        },
        {
          name: 'isCaseSensitive',
          description: `With ${FLAG_VALUES_TEXT}, match case-sensitively (similar_to needs it).`,
          schema: { type: 'string' },
        },
        {
          name: 'joint',
          description: 'How the search conditions combine: or (default) or and.',
          schema: { type: 'string', enum: ['or', 'and'] },
        },
        ...model.fieldSearch.flatMap((field): QueryParameter[] => [
          {
            name: `search.${field}`,
            description: `Search the ${field} (repeat the parameter for several exact values).`,
            schema: { type: 'array', items: { type: 'string' } },
            repeated: true,
          },
          {
            name: `mode.${field}`,
            description: `How the ${field} search is matched: exact, like, similar_to or posix.`,
            schema: { type: 'string', enum: modes },
          },
        ]),
      ]
    : [];

/**
 * A filter's value as Logto takes it: of the field's type (and one of its values, for an enum), but not held to the
 * rules of a value to store (an invitee filter that is no address, or an empty one, finds what it finds).
 */
const lookupSchema = (schema: JSONSchema7): JSONSchema7 => {
  const { format: _format, minLength: _min, maxLength: _max, pattern: _pattern, ...rest } = schema;
  return rest;
};

/** Every query parameter of an entity's list route, from its descriptor. */
export const listParameters = (model: EntityModel): QueryParameter[] => [
  ...pageParameters,
  ...(model.list.searchable || model.searchColumns.length
    ? [searchParameterOf(searchQueryOf(model.operations.list))]
    : []),
  ...model.listFilters.map(({ field, param, multiple }): QueryParameter => {
    const schema = lookupSchema(cleanSchema(model.schema.properties?.[field] ?? {}));
    return multiple
      ? {
          name: param,
          description: `Only ${plural(words(model.name))} with one of these ${field} values (repeat the parameter).`,
          schema: { type: 'array', items: schema },
          repeated: true,
        }
      : { name: param, description: `Only ${plural(words(model.name))} with this ${field}.`, schema };
  }),
  ...model.listExclusions.map(({ param, by }) => ({
    name: param,
    description: `Leave out the ${plural(words(model.name))} linked to this ${by.replace(/Id$/, '')}.`,
    schema: { type: 'string' } as JSONSchema7,
  })),
  ...model.relations
    .filter((relation) => relation.kind === 'children')
    .map((relation) => ({
      name: `include${pascalCase(relation.name)}`,
      description: `With ${FLAG_VALUES_TEXT}, each ${model.name} includes its ${relation.name}.`,
      schema: { type: 'string' } as JSONSchema7,
    })),
  ...summarySwitches(model).map((name) => ({
    name,
    description: `With ${FLAG_VALUES_TEXT}, each ${model.name} includes ${model.listSummaries
      .filter((summary) => summary.when === name)
      .flatMap((summary) => [...(summary.count ? [summary.count] : []), summary.featured])
      .join(' and ')}.`,
    schema: { type: 'string' } as JSONSchema7,
  })),
  ...extraParameters(model.name, model.operations.list?.extras),
  ...fieldSearchParameters(model),
  ...logParameters(model),
];

/** The properties a read's extras add, for the answer's schema (present only when asked for). */
export const extraProperties = (extras: readonly QueryExtra[] | undefined): Record<string, JSONSchema7> =>
  Object.fromEntries((extras ?? []).map(({ adds, schema }) => [adds, schema ?? {}]));

/** The query flags of a read's extras (Logto's `includeExecutionStats`). */
export const extraParameters = (name: string, extras: readonly QueryExtra[] | undefined): QueryParameter[] =>
  (extras ?? []).map(({ param, adds }) => ({
    name: param,
    description: `With ${FLAG_VALUES_TEXT}, each ${name} includes ${adds}.`,
    schema: { type: 'string' },
  }));

/** The query parameters that ask a list for its summaries (each once). */
const summarySwitches = (model: EntityModel): string[] => [
  ...new Set(model.listSummaries.flatMap((summary) => (summary.when ? [summary.when] : []))),
];

/** The query parameters of a many-to-many relation's list (`GET /api/roles/{id}/scopes`). */
export const linkedListParameters = (relation?: LinkedRelation): QueryParameter[] => [
  ...pageParameters,
  searchParameterOf(relation?.search ?? searchQueryOf(undefined)),
  ...(relation?.nested ?? []).flatMap(({ filterParam, property }): QueryParameter[] =>
    filterParam
      ? [
          {
            name: filterParam,
            description: `Only the items whose ${property} include this id.`,
            schema: { type: 'string', minLength: 1 },
          },
        ]
      : [],
  ),
];

/** The query parameters of all the entity's linked lists: the page and each list's search parameter. */
const linkedListsParameters = (model: EntityModel): QueryParameter[] => {
  const all = model.relations.flatMap((relation) => (relation.kind === 'linked' ? linkedListParameters(relation) : []));
  return all.filter((parameter, index) => all.findIndex((p) => p.name === parameter.name) === index);
};

/**
 * A query value as it arrives: text. Numbers are digits, booleans `true` or `false`, enumerated values one of the
 * enum, and a repeatable parameter a list of such values (the server makes a single one a list of one).
 */
const rawSchema = (schema: JSONSchema7): JSONSchema7 => {
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) {
    return { type: 'array', items: rawSchema(schema.items as JSONSchema7) };
  }
  if (schema.type === 'integer' || schema.type === 'number') return { type: 'string', pattern: '^[0-9]+$' };
  if (schema.type === 'boolean') return { type: 'string', enum: ['true', 'false'] };
  if (schema.enum) return { type: 'string', enum: schema.enum.filter((value) => typeof value === 'string') };
  // A text parameter keeps its own rules (a `format: date`, a pattern, its lengths).
  const rules = (['format', 'pattern', 'minLength', 'maxLength'] as const).filter((key) => schema[key] !== undefined);
  return { type: 'string', ...Object.fromEntries(rules.map((key) => [key, schema[key]])) };
};

/** The schema a route's query is validated with: each known parameter's raw form; unknown ones are ignored. */
export const queryForm = (parameters: QueryParameter[]): FormModel => {
  const schema: JSONSchema7 = {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, rawSchema(parameter.schema)])),
  };
  return { schema, validatorKey: hashForSchema(schema as object) };
};

/** The compiled query validators of an entity's list route and of its many-to-many relations' lists. */
export const queryForms = (model: EntityModel): Pick<EntityModel, 'listQuery' | 'linkedListQuery'> => ({
  ...(model.hasApi && model.operations.list ? { listQuery: queryForm(listParameters(model)) } : {}),
  ...(model.hasApi && model.relations.some((relation) => relation.kind === 'linked')
    ? { linkedListQuery: queryForm(linkedListsParameters(model)) }
    : {}),
});
