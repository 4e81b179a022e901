import type { FastifyInstance } from 'fastify';
import { routerPath } from '../../shared/action-paths.js';
import type { EntityModel } from '../../shared/descriptor.js';
import { Created, overrideOf, WithStatus } from './overrides.js';
import type { RouteDeps } from './route-deps.js';

type Params = Record<string, string>;

interface ActionPaths {
  /** The collection's path (`/api/hooks`, or a service's own path such as `/api/me`). */
  base: string;
  /** An item's path (`/api/hooks/:id`). */
  item: string;
  idParam: string;
  view: <T>(value: T) => T;
}

/**
 * The declared actions of an entity: on an item (`/api/<path>/{id}/<action>`), on the collection
 * (`/api/<path>/<action>`, several segments allowed), or, for a service, on its own path. Each checks its scopes,
 * validates its path parameters (`paramsSchema`), query (`querySchema`) and body with their compiled validators, runs through the write pipeline and
 * answers with its declared status; the handler is an override.
 */
export const registerActionRoutes = (app: FastifyInstance, model: EntityModel, deps: RouteDeps, paths: ActionPaths) => {
  const ops = deps.operationsOf(model.name);
  for (const action of model.actions) {
    const override = overrideOf(deps.overrides, action.handler, 'action');
    const onItem = (action.on ?? 'item') === 'item';
    const at = onItem ? paths.item : paths.base;
    app.route<{ Params: Params }>({
      method: action.method,
      url: action.path ? `${at}/${routerPath(action.path)}` : at,
      // An action that authenticates its caller itself has no scopes for the bearer guard to check.
      config: {
        ...(action.authenticatedBy === 'handler' ? {} : { scopes: ops.actionScopes(action) }),
        ...(action.formBody ? { formBody: true } : {}),
      },
      handler: async (request, reply) => {
        const found = await override.authenticate?.(request, { db: deps.db, operationsOf: deps.operationsOf });
        if (action.params) deps.validation.assertValid(action.params.validatorKey, request.params, 'params');
        if (action.query) deps.validation.assertValidQuery(action.query, request.query as Record<string, unknown>);
        if (action.body) deps.validation.assertValid(action.body.validatorKey, request.body);
        const context = found ? { ...deps.context(request), actor: found.actor } : deps.context(request);
        const id = onItem ? (request.params[paths.idParam] ?? '') : '';
        const body = (request.body ?? {}) as Record<string, unknown>;
        const result = await ops.runAction(
          context,
          action,
          onItem ? id : undefined,
          (announce, within) =>
            override.run({
              announce,
              within,
              caller: found?.caller,
              context,
              id,
              body,
              query: (request.query ?? {}) as Record<string, unknown>,
              params: request.params,
              db: deps.db,
              request,
              reply,
              operations: ops,
              operationsOf: deps.operationsOf,
              models: deps.models,
            }),
          body,
        );
        if (action.status === 204) return reply.status(204).send();
        if (action.status === 302) return reply.redirect(String(result), 302);
        // A document of its own media type goes out as the handler's text (which may have set the type's charset).
        if (action.responseType && !reply.hasHeader('content-type')) reply.type(action.responseType);
        const inserted = result instanceof Created && action.createdStatus !== undefined;
        const answer = result instanceof Created || result instanceof WithStatus ? result.answer : result;
        const status = result instanceof WithStatus ? result.status : action.status;
        return reply
          .status(inserted ? (action.createdStatus ?? status) : status)
          .send(
            action.responseField || action.responseFields || action.responseSchema || action.responseType
              ? answer
              : paths.view(answer),
          );
      },
    });
  }
};
