import { actionPathParams } from '../src/shared/action-paths.js';
import type { EntityModel } from '../src/shared/descriptor.js';
import { handWrittenErrorCodes } from '../src/shared/error-codes.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { actionQueryParameters, actionResponseSchema } from './actions.js';
import { descriptorErrorCodes } from './error-codes.js';
import { cleanSchema } from './forms.js';
import { logListHeaders } from './kinds/log.js';
import { linkedListParameters, listParameters, type QueryParameter } from './list-query.js';
import type { LoadedEntity } from './load.js';
import { assignSchema, replaceSchema } from './model.js';
import { pascalCase, plural, withArticle, words } from './names.js';
import { withBranchComponents } from './openapi-branches.js';
import { assignAnswerResponse, idsObject, linkAttributesSchema } from './relations.js';

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

/** The entity as the API returns it: annotations kept, our extensions dropped, readOnly kept for clients. */
const responseSchema = (schema: JSONSchema7): JSONSchema7 => {
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

const errorResponses = (codes: number[]) =>
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
const queryParam = ({ name, description, schema, repeated }: QueryParameter) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  ...(repeated ? { style: 'form', explode: true } : {}),
});
const listHeaders = {
  'Total-Number': { description: 'The total number of entries.', schema: { type: 'integer' } },
  Link: { description: 'Pagination links (RFC 8288): first, prev, next, last.', schema: { type: 'string' } },
};

const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

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
  const add = (path: string, method: string, operation: Json) => {
    paths[path] = { ...(paths[path] ?? {}), [method]: operation };
  };

  for (const model of models) {
    const entity = entities.find((e) => e.descriptor.name === model.name);
    if (!entity?.descriptor.api) continue;
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
    const branched = (schema: JSONSchema7 | undefined) => schema && withBranchComponents(schema, Name, schemas);
    schemas[Name] = branched(responseSchema(model.schema));
    const ops = model.operations;
    const children = model.relations.filter((r) => r.kind === 'children');
    const summaryProperties = Object.fromEntries(
      model.listSummaries.flatMap((summary) => {
        const target = models.find((m) => m.name === summary.target);
        const fields = Object.fromEntries(
          summary.fields.map((field) => [field, cleanSchema(target?.schema.properties?.[field] ?? {})]),
        );
        return [
          [
            summary.count,
            { type: 'integer', minimum: 0, description: `How many ${plural(words(summary.target))} are linked.` },
          ],
          [
            summary.featured,
            {
              type: 'array',
              description: `The first ${plural(words(summary.target))} linked (at most three).`,
              items: { type: 'object', required: summary.fields, properties: fields },
            },
          ],
        ];
      }),
    );
    const hasListItem = children.length > 0 || model.listSummaries.length > 0;
    if (hasListItem) {
      schemas[`${Name}ListItem`] = {
        allOf: [
          ref(Name),
          {
            type: 'object',
            ...(model.listSummaries.length ? { required: Object.keys(summaryProperties) } : {}),
            properties: {
              ...Object.fromEntries(children.map((r) => [r.name, { type: 'array', items: ref(pascalCase(r.target)) }])),
              ...summaryProperties,
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
        parameters: [...parentParams, ...listParameters(model).map(queryParam)],
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
        parameters: itemParams,
        responses: {
          200: { description: `The ${model.name}.`, content: json(ref(Name)) },
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
    if (ops.delete) {
      add(item, 'delete', {
        operationId: `Delete${opName}`,
        tags: [tag],
        summary: `Delete ${withArticle(words(model.name))}`,
        parameters: itemParams,
        responses: { 204: { description: `The ${model.name} was deleted.` }, ...errorResponses([400, 401, 403, 404]) },
      });
    }
    /** The routes of the links `owner` exposes through relation entities, below its item path. */
    const addLinks = (owner: EntityModel, Name: string, item: string, itemParams: Json[]) => {
      for (const relation of owner.relations) {
        if (relation.kind !== 'linked') continue;
        const Rel = pascalCase(relation.name);
        const Target = pascalCase(relation.target);
        const itemName = `${Name}${Rel}Item`;
        const throughModel = models.find((m) => m.name === relation.through);
        const through = throughModel?.schema;
        const embedProps: Record<string, unknown> = Object.fromEntries(
          (relation.embed ?? []).map((e) => [e.property, ref(pascalCase(e.target))]),
        );
        if (relation.attributesAs) embedProps[relation.attributesAs] = linkAttributesSchema(relation, through);
        schemas[itemName] = Object.keys(embedProps).length
          ? { allOf: [ref(Target), { type: 'object', required: Object.keys(embedProps), properties: embedProps }] }
          : ref(Target);
        schemas[`${Name}${Rel}Assign`] = assignSchema(relation, through);
        const relPath = `${item}/${relation.name}`;
        add(relPath, 'get', {
          operationId: `List${Name}${Rel}`,
          tags: [tag],
          summary: `List the ${relation.name} of ${withArticle(words(owner.name))}`,
          parameters: [...itemParams, ...linkedListParameters.map(queryParam)],
          responses: {
            200: {
              description: `The ${relation.name} linked to the ${owner.name}.`,
              headers: listHeaders,
              content: json({ type: 'array', items: ref(itemName) }),
            },
            ...errorResponses([400, 401, 403, 404]),
          },
        });
        add(relPath, 'post', {
          operationId: `Create${Name}${Target}`,
          tags: [tag],
          summary: `Link ${relation.name} to ${withArticle(words(owner.name))}`,
          parameters: itemParams,
          requestBody: { required: true, content: json(ref(`${Name}${Rel}Assign`)) },
          responses: {
            [relation.assignStatus]: assignAnswerResponse(relation, Target),
            ...errorResponses([400, 401, 403, 404, 422]),
          },
        });
        if (relation.replace) {
          add(relPath, 'put', {
            operationId: `Replace${Name}${Rel}`,
            tags: [tag],
            summary: `Set the ${relation.name} of ${withArticle(words(owner.name))}`,
            parameters: itemParams,
            requestBody: { required: true, content: json(replaceSchema(relation)) },
            responses: {
              200: {
                description: `The ${relation.name} the ${words(owner.name)} now has.`,
                content: json(idsObject([relation.assignField])),
              },
              ...errorResponses([400, 401, 403, 404, 422]),
            },
          });
        }
        const targetParam = `${relation.target}Id`;
        add(`${relPath}/{${targetParam}}`, 'delete', {
          operationId: `Delete${Name}${Target}`,
          tags: [tag],
          summary: `Unlink ${withArticle(words(relation.target))} from ${withArticle(words(owner.name))}`,
          parameters: [...itemParams, pathParam(targetParam, `The unique identifier of the ${relation.target}.`)],
          responses: {
            204: { description: `The ${relation.target} was unlinked.` },
            ...errorResponses([400, 401, 403, 404]),
          },
        });
        // A relation's own links (roles per membership) hang below one link of it.
        if (throughModel?.relations.some((r) => r.kind === 'linked')) {
          addLinks(throughModel, `${Name}${Target}`, `${relPath}/{${targetParam}}`, [
            ...itemParams,
            pathParam(targetParam, `The unique identifier of the ${relation.target}.`),
          ]);
        }
      }
    };
    addLinks(model, Name, item, itemParams);
    for (const action of model.actions) {
      const verb = { GET: 'Get', POST: 'Create', PATCH: 'Update', PUT: 'Replace', DELETE: 'Delete' }[action.method];
      const bodyName = `${Name}${pascalCase(action.key)}Body`;
      if (action.body) schemas[bodyName] = branched(action.body.schema);
      const onItem = (action.on ?? 'item') === 'item';
      const answer = actionResponseSchema(model.schema, action);
      const answerName = `${Name}${pascalCase(action.key)}Response`;
      if (answer) schemas[answerName] = answer;
      const at = onItem ? item : base;
      add(action.path ? `${at}/${action.path}` : at, action.method.toLowerCase(), {
        operationId: `${verb}${Name}${pascalCase(action.path.replace(/[{}]/g, '') || action.key)}`,
        tags: [tag],
        summary: action.summary,
        parameters: [
          ...(onItem ? itemParams : parentParams),
          ...actionPathParams(action.path).map((name) => pathParam(name, `The ${words(name)}.`)),
          ...actionQueryParameters(model.schema, action).map(queryParam),
        ],
        ...(action.body ? { requestBody: { required: true, content: json(ref(bodyName)) } } : {}),
        responses: {
          [action.status]:
            action.status === 204
              ? { description: action.summary }
              : { description: action.summary, content: json(ref(answer ? answerName : Name)) },
          ...(action.createdStatus
            ? { [action.createdStatus]: { description: 'Created.', content: json(ref(answer ? answerName : Name)) } }
            : {}),
          ...errorResponses([400, 401, 403, 404, 422]),
        },
      });
    }
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
