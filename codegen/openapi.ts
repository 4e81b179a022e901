import type { EntityModel } from '../src/shared/descriptor.js';
import { handWrittenErrorCodes } from '../src/shared/hand-written-error-codes.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { FLAG_VALUES_TEXT } from '../src/shared/query-flags.js';
import { descriptorErrorCodes } from './error-codes.js';
import { cleanSchema } from './forms.js';
import { logListHeaders, withNameLookups } from './kinds/log.js';
import { extraParameters, extraProperties, listParameters } from './list-query.js';
import type { LoadedEntity } from './load.js';
import { pascalCase, plural, withArticle, words } from './names.js';
import { addActions } from './openapi-actions.js';
import { withBranchComponents, withChosenComponents } from './openapi-branches.js';
import { addExport } from './openapi-bulk.js';
import {
  type EntityRoutes,
  errorResponses,
  type Json,
  json,
  listHeaders,
  pathParam,
  preferParam,
  queryParam,
  ref,
  responseSchema,
} from './openapi-fragments.js';
import { addLinks } from './openapi-links.js';

export const buildOpenApi = (models: EntityModel[], entities: LoadedEntity[]): Json => {
  const schemas: Json = {
    Error: {
      type: 'object',
      required: ['message', 'code'],
      properties: {
        message: { type: 'string' },
        code: {
          type: 'string',
          examples: [...new Set([...Object.keys(handWrittenErrorCodes), ...descriptorErrorCodes(models).keys()])],
        },
        data: {},
      },
    },
  };
  const paths: Record<string, Json> = {};
  const addAny = (path: string, method: string, operation: Json) => {
    paths[path] = { ...(paths[path] ?? {}), [method]: operation };
  };

  for (const model of models) {
    // An edition's own entity marks its operations, so a server of the other edition leaves them out of its document.
    const add =
      model.edition === 'all'
        ? addAny
        : (path: string, method: string, operation: Json) =>
            addAny(path, method, { ...(operation as Record<string, unknown>), 'x-edition': model.edition });
    const entity = entities.find((e) => e.descriptor.name === model.name);
    if (!entity?.descriptor.api) {
      // A storage-only entity listed through a relation still has its answer's shape.
      const listed = models.some((m) => m.relations.some((r) => r.kind === 'linked' && r.target === model.name));
      if (listed) schemas[pascalCase(model.name)] = responseSchema(model.schema);
      continue;
    }
    const Name = pascalCase(model.name);
    const parentName = model.parent ? pascalCase(model.parent.resource) : '';
    // A child named after its parent is not named twice: applicationSecret below application → ApplicationSecret.
    const opName = Name.startsWith(parentName) && parentName ? Name : `${parentName}${Name}`;
    const tag = entity.descriptor.api.tag;
    const base = model.apiRoot ? model.apiPath : `/api${model.apiPath}`;
    const idParam =
      model.itemParam ?? (model.idField !== 'id' ? model.idField : model.parent ? `${model.name}Id` : 'id');
    // A singleton is read and updated at its path: there is one per tenant, so no id.
    const singleton = model.kind === 'singleton';
    const item = singleton ? base : `${base}/{${idParam}}`;
    const parentParams = model.parent
      ? [pathParam(model.parent.param, `The unique identifier of the ${model.parent.resource}.`)]
      : [];
    const itemParams = singleton
      ? parentParams
      : [...parentParams, pathParam(idParam, `The unique identifier of the ${model.name}.`)];
    const branched = (schema: JSONSchema7 | undefined) =>
      schema && withChosenComponents(withBranchComponents(schema, Name, schemas), Name, schemas, model.discriminated);
    schemas[Name] = branched(withNameLookups(model, responseSchema(model.schema)));
    const ops = model.operations;
    const children = model.relations.filter((r) => r.kind === 'children');
    const summaryProperties = Object.fromEntries(
      model.listSummaries.flatMap((summary) => {
        const target = models.find((m) => m.name === summary.target);
        const fields = Object.fromEntries(
          summary.fields.map((field) => [field, cleanSchema(target?.schema.properties?.[field] ?? {})]),
        );
        const embed = summary.embed;
        if (embed) {
          const embedded = models.find((m) => m.name === embed.target)?.schema.properties ?? {};
          fields[embed.property] = {
            type: 'object',
            required: embed.fields,
            properties: Object.fromEntries(embed.fields.map((f) => [f, cleanSchema(embedded[f] ?? {})])),
          };
        }
        const required = [...summary.fields, ...(embed ? [embed.property] : [])];
        return [
          ...(summary.count
            ? [
                [
                  summary.count,
                  { type: 'integer', minimum: 0, description: `How many ${plural(words(summary.target))} are linked.` },
                ],
              ]
            : []),
          [
            summary.featured,
            {
              type: 'array',
              description: summary.all
                ? `The ${plural(words(summary.target))} linked.`
                : `The first ${plural(words(summary.target))} linked (at most three).`,
              items: { type: 'object', required, properties: fields },
            },
          ],
        ];
      }),
    );
    const listExtras = extraProperties(ops.list?.extras);
    const hasListItem = children.length > 0 || model.listSummaries.length > 0 || Object.keys(listExtras).length > 0;
    if (hasListItem) {
      schemas[`${Name}ListItem`] = {
        allOf: [
          ref(Name),
          {
            type: 'object',
            // A summary asked for by a query parameter is there only when asked for.
            ...(model.listSummaries.some((summary) => !summary.when)
              ? {
                  required: model.listSummaries
                    .filter((summary) => !summary.when)
                    .flatMap((summary) => [...(summary.count ? [summary.count] : []), summary.featured]),
                }
              : {}),
            properties: {
              ...Object.fromEntries(children.map((r) => [r.name, { type: 'array', items: ref(pascalCase(r.target)) }])),
              ...summaryProperties,
              ...listExtras,
            },
          },
        ],
      };
    }
    if (ops.list) {
      add(base, 'get', {
        // A child list is named after its path, as Logto does: /hooks/{id}/recent-logs → ListHookRecentLogs.
        operationId: model.parent
          ? `List${parentName}${pascalCase(model.apiPath.split('/').at(-1) ?? '')}`
          : `List${plural(Name)}`,
        tags: [tag],
        summary: `List ${plural(words(model.name))}`,
        parameters: [...parentParams, ...listParameters(model).map(queryParam), preferParam],
        responses: {
          200: {
            description: `An array of ${plural(words(model.name))}.`,
            headers: model.kind === 'log' ? { ...listHeaders, ...logListHeaders } : listHeaders,
            content: json({ type: 'array', items: ref(hasListItem ? `${Name}ListItem` : Name) }),
          },
          ...errorResponses([400, 401, 403]),
        },
      });
    }
    if (ops.create) {
      schemas[`${Name}Create`] = branched(model.requestBodies.create?.schema);
      add(base, 'post', {
        operationId: `Create${opName}`,
        tags: [tag],
        summary: `Create ${withArticle(words(model.name))}`,
        parameters: parentParams,
        requestBody: { required: true, content: json(ref(`${Name}Create`)) },
        responses: {
          [ops.create.status]: { description: `The created ${model.name}.`, content: json(ref(Name)) },
          ...errorResponses([400, 401, 403, 404, 422]),
        },
      });
    }
    if (ops.get) {
      add(item, 'get', {
        operationId: `Get${opName}`,
        tags: [tag],
        summary: `Get ${withArticle(words(model.name))}`,
        parameters: [
          ...itemParams,
          ...(ops.get.reveal ?? []).map(({ param, fields }) =>
            queryParam({
              name: param,
              description: `With ${FLAG_VALUES_TEXT}, the answer includes ${Object.keys(fields).join(' and ')}.`,
              schema: { type: 'string' },
            }),
          ),
          ...extraParameters(model.name, ops.get.extras).map(queryParam),
        ],
        responses: {
          200: {
            description: `The ${model.name}.`,
            content: json(
              ops.get.extras?.length
                ? { allOf: [ref(Name), { type: 'object', properties: extraProperties(ops.get.extras) }] }
                : ref(Name),
            ),
          },
          ...errorResponses([400, 401, 403, 404]),
        },
      });
    }
    if (ops.update) {
      schemas[`${Name}Update`] = branched(model.requestBodies.update?.schema);
      add(item, 'patch', {
        operationId: `Update${opName}`,
        tags: [tag],
        summary: `Update ${withArticle(words(model.name))}`,
        parameters: itemParams,
        requestBody: { required: true, content: json(ref(`${Name}Update`)) },
        responses: {
          200: { description: `The updated ${model.name}.`, content: json(ref(Name)) },
          ...errorResponses([400, 401, 403, 404, 422]),
        },
      });
    }
    if (ops.replace) {
      add(base, 'put', {
        operationId: `Replace${opName}s`,
        tags: [tag],
        summary: `Set the ${plural(words(model.name))} of ${withArticle(words(model.parent?.resource ?? ''))}`,
        parameters: parentParams,
        requestBody: { required: true, content: json(model.requestBodies.replace?.schema) },
        responses: {
          204: { description: `The ${plural(words(model.name))} were replaced.` },
          ...errorResponses([400, 401, 403, 404, 422]),
        },
      });
    }
    if (ops.delete) {
      add(item, 'delete', {
        operationId: `Delete${opName}`,
        tags: [tag],
        summary: `Delete ${withArticle(words(model.name))}`,
        parameters: itemParams,
        responses: { 204: { description: `The ${model.name} was deleted.` }, ...errorResponses([400, 401, 403, 404]) },
      });
    }
    const routes: EntityRoutes = {
      models,
      schemas,
      add,
      model,
      Name,
      tag,
      base,
      item,
      parentParams,
      itemParams,
      branched,
    };
    addLinks(routes, model, Name, item, itemParams);
    addExport(routes);
    addActions(routes);
  }

  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse Management API',
      version: '0.1.0',
      description:
        'Manage the tenant: API resources, permissions, roles and webhooks. Compatible with the Logto Management API for the operations it implements.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(entities.flatMap((e) => (e.descriptor.api ? [e.descriptor.api.tag] : [])))]
      .sort()
      .map((name) => ({ name })),
    paths: sortedPaths,
    components: { schemas },
  };
};
