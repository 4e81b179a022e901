/** Pieces of the OpenAPI document shared by its routes: references, response schemas, errors and parameters. */
import type { EntityModel } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { DEFAULT_COUNT_THRESHOLD, ESTIMATED_HEADER, PREFERENCE_APPLIED_HEADER } from '../src/shared/list-counts.js';
import type { QueryParameter } from './query-parameter.js';

export type Json = Record<string, unknown>;
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: unknown) => ({ 'application/json': { schema } });

/** The entity as the API returns it: annotations kept, our extensions dropped, readOnly kept for clients. */
export const responseSchema = (schema: JSONSchema7): JSONSchema7 => {
  // Private fields never leave the server; write-only ones are accepted in bodies and never returned.
  const isPrivate = (name: string) =>
    Boolean(schema.properties?.[name]?.['x-private'] || schema.properties?.[name]?.writeOnly);
  const { $schema: _s, ...rest } = stripExtensions({
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !isPrivate(name))),
    required: (schema.required ?? []).filter((name) => !isPrivate(name)),
  }) as JSONSchema7 & { $schema?: string };
  return rest;
};
const stripExtensions = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(stripExtensions);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, stripExtensions(value)]),
  );
};

export const errorResponses = (codes: number[]) =>
  Object.fromEntries(
    codes.map((status) => [
      String(status),
      {
        description: {
          400: 'Bad Request',
          401: 'Unauthorized',
          403: 'Forbidden',
          404: 'Not Found',
          422: 'Unprocessable Content',
        }[status],
        content: json(ref('Error')),
      },
    ]),
  );

/** A list route's query parameter in the OpenAPI document (repeated ones as an exploded form array). */
export const queryParam = ({ name, description, schema, repeated }: QueryParameter) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  ...(repeated ? { style: 'form', explode: true } : {}),
});
/** A list's `Prefer` request header: how a paged list counts its total (PostgREST's `count=…`, RFC 7240). */
export const preferParam = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description:
    'How a paged list counts Total-Number (RFC 7240; other preferences, and values not understood, are ignored): ' +
    "`count=exact` (the default) counts every entry; `count=planned` answers the database planner's estimate without " +
    `reading the entries; \`count=estimated\` counts up to a threshold (${DEFAULT_COUNT_THRESHOLD} unless the server ` +
    'sets another) and answers the estimate above it.',
  schema: { type: 'string', examples: ['count=estimated'] },
};

export const listHeaders = {
  'Total-Number': { description: 'The total number of entries.', schema: { type: 'integer' } },
  Link: { description: 'Pagination links (RFC 8288): first, prev, next, last.', schema: { type: 'string' } },
  [ESTIMATED_HEADER]: {
    description:
      '"true" when Total-Number is the planner\'s estimate (count=planned, or count=estimated above its threshold); ' +
      'the links then name no last page, and a next one while pages come back full.',
    schema: { type: 'string', enum: ['true'] },
  },
  [PREFERENCE_APPLIED_HEADER]: {
    description: 'The count preference the list honoured, e.g. `count=estimated` (RFC 7240); absent without one.',
    schema: { type: 'string' },
  },
};

export const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

/** What the routes of one entity are built with: the document being filled, and the entity's names and paths. */
export interface EntityRoutes {
  models: EntityModel[];
  schemas: Json;
  add: (path: string, method: string, operation: Json) => void;
  model: EntityModel;
  /** The entity's name in schema and operation names (`ApplicationSecret`). */
  Name: string;
  tag: string;
  /** The collection's path and an item's path (the same for a singleton). */
  base: string;
  item: string;
  parentParams: Json[];
  itemParams: Json[];
  /** Moves a schema's branches into components of their own. */
  branched: (schema: JSONSchema7 | undefined) => unknown;
}
