import { EXPORT_FORMATS, EXPORT_MEDIA_TYPES, EXPORT_SEGMENT } from '../src/shared/bulk.js';
import { plural, words } from './names.js';
import { type EntityRoutes, errorResponses } from './openapi-fragments.js';

/** `GET <list path>/export` of an entity with `bulk: true`: every item of the tenant, streamed as CSV or JSON. */
export const addExport = ({ add, model, Name, tag, base, parentParams }: EntityRoutes): void => {
  if (!model.bulk || !model.operations.list) return;
  add(`${base}/${EXPORT_SEGMENT}`, 'get', {
    operationId: `Export${plural(Name)}`,
    tags: [tag],
    summary: `Export every ${words(model.name)} of the tenant`,
    description:
      'Streams every item, oldest first, read in keyset pages: CSV (a header row of the fields, nested values as JSON) or a JSON array.',
    parameters: [
      ...parentParams,
      {
        name: 'format',
        in: 'query',
        required: false,
        description: 'The file format (default csv).',
        schema: { type: 'string', enum: [...EXPORT_FORMATS], default: 'csv' },
      },
    ],
    responses: {
      200: {
        description: `The ${plural(words(model.name))}.`,
        content: {
          [EXPORT_MEDIA_TYPES.csv.split(';')[0] ?? 'text/csv']: { schema: { type: 'string' } },
          [EXPORT_MEDIA_TYPES.json.split(';')[0] ?? 'application/json']: {
            schema: { type: 'array', items: { $ref: `#/components/schemas/${Name}` } },
          },
        },
      },
      ...errorResponses([400, 401, 403]),
    },
  });
};
