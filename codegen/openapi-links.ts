import { addedField, type EntityModel, type LinkedRelation, type ReachedLinks } from '../src/shared/descriptor.js';
import { cleanSchema } from './forms.js';
import { assignSchema, bulkSchema, linkAttributesSchema, replaceSchema } from './link-schemas.js';
import { linkedListParameters } from './list-query.js';
import { pascalCase, withArticle, words } from './names.js';
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
} from './openapi-fragments.js';

/** The routes of the links `owner` exposes through relation entities, below its item path. */
export const addLinks = (
  routes: EntityRoutes,
  owner: EntityModel,
  Name: string,
  item: string,
  itemParams: Json[],
): void => {
  const { models, schemas, add, tag } = routes;
  for (const relation of owner.relations) {
    if (relation.kind !== 'linked' || relation.routes === false) continue;
    const Rel = pascalCase(relation.name);
    const Target = pascalCase(relation.target);
    const itemName = `${Name}${Rel}Item`;
    const throughModel = models.find((m) => m.name === relation.through);
    const through = throughModel?.schema;
    const embedProps: Record<string, unknown> = Object.fromEntries(
      (relation.embed ?? []).map((e) => [e.property, ref(pascalCase(e.target))]),
    );
    if (relation.attributesAs) embedProps[relation.attributesAs] = linkAttributesSchema(relation, through);
    for (const spec of relation.nested ?? []) {
      const nested = throughModel?.relations.find((r) => r.kind === 'linked' && r.name === spec.relation);
      const props = models.find((m) => m.name === nested?.target)?.schema.properties ?? {};
      embedProps[spec.property] = {
        type: 'array',
        items: {
          type: 'object',
          required: spec.fields,
          properties: Object.fromEntries(spec.fields.map((field) => [field, cleanSchema(props[field] ?? {})])),
        },
      };
    }
    // Each listed item carries its entity's list summaries (a role's users count), as its own list answers them.
    const summarized = models.find((m) => m.name === relation.target)?.listSummaries.length;
    const base = ref(summarized ? `${Target}ListItem` : Target);
    schemas[itemName] = Object.keys(embedProps).length
      ? { allOf: [base, { type: 'object', required: Object.keys(embedProps), properties: embedProps }] }
      : base;
    if (!relation.readOnly) schemas[`${Name}${Rel}Assign`] = assignSchema(relation, through);
    const relPath = `${item}/${relation.segment ?? relation.name}`;
    add(relPath, 'get', {
      operationId: `List${Name}${Rel}`,
      tags: [tag],
      summary: `List the ${relation.name} of ${withArticle(words(owner.name))}`,
      parameters: [...itemParams, ...linkedListParameters(relation).map(queryParam), preferParam],
      responses: {
        200: {
          description: `The ${relation.name} linked to the ${owner.name}.`,
          headers: listHeaders,
          content: json({ type: 'array', items: ref(itemName) }),
        },
        ...errorResponses([400, 401, 403, 404]),
      },
    });
    for (const reach of relation.reach ?? [])
      addReach(routes, owner, Name, `${item}/${reach.segment ?? reach.name}`, reach, relation, itemParams);
    if (relation.readOnly) continue;
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
          ...(relation.replaceAnswer === 'none'
            ? { 204: { description: `The ${relation.name} were replaced.` } }
            : {
                200: {
                  description: `The ${relation.name} the ${words(owner.name)} now has.`,
                  content: json(idsObject([relation.assignField])),
                },
              }),
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
    for (const nested of throughModel?.relations ?? []) {
      if (nested.kind === 'linked' && nested.bulk) addBulk(routes, Name, relPath, relation, nested, itemParams);
    }
    if (throughModel?.relations.some((r) => r.kind === 'linked')) {
      addLinks(routes, throughModel, `${Name}${Target}`, `${relPath}/{${targetParam}}`, [
        ...itemParams,
        pathParam(targetParam, `The unique identifier of the ${relation.target}.`),
      ]);
    }
  }
};

/** `POST …/users/roles`: the ids of a relation of a relation linked to several links at once. */
const addBulk = (
  { add, tag }: EntityRoutes,
  Name: string,
  relPath: string,
  relation: LinkedRelation,
  nested: LinkedRelation,
  itemParams: Json[],
) => {
  add(`${relPath}/${nested.segment ?? nested.name}`, 'post', {
    operationId: `Create${Name}${pascalCase(relation.name)}${pascalCase(nested.name)}`,
    tags: [tag],
    summary: `Link ${nested.name} to several ${relation.name} at once`,
    parameters: itemParams,
    requestBody: { required: true, content: json(bulkSchema(relation, nested)) },
    responses: {
      [nested.assignStatus]: assignAnswerResponse({ ...nested, assignAnswer: 'status' }, pascalCase(nested.target)),
      ...errorResponses([400, 401, 403, 404, 422]),
    },
  });
};

/** `GET …/scopes`: the items the linked items reach through a relation of theirs, once each. */
const addReach = (
  { add, tag, models }: EntityRoutes,
  owner: EntityModel,
  Name: string,
  path: string,
  reach: ReachedLinks,
  relation: LinkedRelation,
  itemParams: Json[],
) => {
  const next = models
    .find((m) => m.name === relation.target)
    ?.relations.find((r): r is LinkedRelation => r.kind === 'linked' && r.name === reach.relation);
  add(path, 'get', {
    operationId: `List${Name}${pascalCase(reach.name)}`,
    tags: [tag],
    summary: `List the ${reach.name} of ${withArticle(words(owner.name))} through its ${relation.name}`,
    parameters: itemParams,
    responses: {
      200: {
        description: `The ${reach.name} granted by the ${relation.name}, once each.`,
        content: json({ type: 'array', items: ref(pascalCase(next?.target ?? '')) }),
      },
      // A source that does not exist: its side's code (a membership's 422), else its 404.
      ...errorResponses([400, 401, 403, relation.sourceMissingCode ? 422 : 404]),
    },
  });
};

/** An object of id lists, each required: `{roleIds: [...], addedRoleIds: [...]}`. */
export const idsObject = (fields: string[]) => ({
  type: 'object',
  required: fields,
  properties: Object.fromEntries(fields.map((field) => [field, { type: 'array', items: { type: 'string' } }])),
});

/** The OpenAPI response of an assignment, as the relation's `assignAnswer` says. */
export const assignAnswerResponse = (relation: LinkedRelation, target: string) => {
  if (relation.assignAnswer === 'status') {
    return {
      description: 'The links were made; the body is the status text.',
      content: { 'text/plain': { schema: { type: 'string' } } },
    };
  }
  const schema =
    relation.assignAnswer === 'ids'
      ? idsObject([relation.assignField, addedField(relation.assignField)])
      : relation.assignAnswer === 'asked'
        ? idsObject([relation.assignField])
        : { type: 'array', items: { $ref: `#/components/schemas/${target}` } };
  return {
    description:
      relation.assignAnswer === 'ids'
        ? `The ids asked for, and those newly linked.`
        : relation.assignAnswer === 'asked'
          ? 'The ids asked for.'
          : `The newly linked ${relation.name}.`,
    content: { 'application/json': { schema } },
  };
};
