import { actionPathParams } from '../src/shared/action-paths.js';
import { actionParamsParameters, actionQueryParameters, actionResponseSchema } from './actions.js';
import { pascalCase, words } from './names.js';
import { type EntityRoutes, errorResponses, json, pathParam, queryParam, ref } from './openapi-fragments.js';

/** The routes of an entity's actions, below its item path or on its collection's path. */
export const addActions = ({
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
}: EntityRoutes): void => {
  for (const action of model.actions) {
    const verb = { GET: 'Get', POST: 'Create', PATCH: 'Update', PUT: 'Replace', DELETE: 'Delete' }[action.method];
    const bodyName = `${Name}${pascalCase(action.key)}Body`;
    if (action.body) schemas[bodyName] = branched(action.body.schema);
    const onItem = (action.on ?? 'item') === 'item';
    const answer = actionResponseSchema(model.schema, action);
    const answerName = `${Name}${pascalCase(action.key)}Response`;
    if (answer) schemas[answerName] = answer;
    const at = onItem ? item : base;
    // A document of its own media type (a page), else JSON: the action's schema, or the entity.
    const content = action.responseType
      ? { [action.responseType]: { schema: { type: 'string' } } }
      : json(ref(answer ? answerName : Name));
    add(action.path ? `${at}/${action.path}` : at, action.method.toLowerCase(), {
      // An action at the item's or collection's own path named for its verb (`create` by POST) is just the verb's.
      operationId: `${verb}${Name}${action.path === '' && pascalCase(action.key) === verb ? '' : pascalCase(action.path.replace(/[{}]/g, '') || action.key)}`,
      tags: [tag],
      summary: action.summary,
      parameters: [
        ...(onItem ? itemParams : parentParams),
        ...actionPathParams(action.path).map((name) => {
          const described = actionParamsParameters(model.schema, action).find((param) => param.name === name);
          return described
            ? { ...pathParam(name, described.description || `The ${words(name)}.`), schema: described.schema }
            : pathParam(name, `The ${words(name)}.`);
        }),
        ...actionQueryParameters(model.schema, action).map(queryParam),
      ],
      ...(action.body
        ? {
            requestBody: {
              required: true,
              content: {
                ...json(ref(bodyName)),
                ...(action.formBody ? { 'application/x-www-form-urlencoded': { schema: ref(bodyName) } } : {}),
              },
            },
          }
        : {}),
      responses: {
        [action.status]:
          action.status === 204 || action.status === 302
            ? { description: action.summary }
            : { description: action.summary, content },
        ...(action.createdStatus ? { [action.createdStatus]: { description: 'Created.', content } } : {}),
        ...errorResponses([400, 401, 403, 404, 422]),
      },
    });
  }
};
