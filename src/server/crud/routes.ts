import type { FastifyInstance } from 'fastify';
import { routerPath } from '../../shared/action-paths.js';
import { type EntityModel, type QueryExtra, searchQueryOf } from '../../shared/descriptor.js';
import { isFlagOn } from '../../shared/query-flags.js';
import { readCounting, readPage, setPageHeaders } from '../http/pagination.js';
import { searchOf } from '../http/search-pattern.js';
import { registerActionRoutes } from './action-routes.js';
import type { RequestContext } from './context.js';
import type { EntityOperations } from './contracts.js';
import { registerExportRoute } from './export-route.js';
import { parseFieldSearch } from './field-search.js';
import { publicView } from './fields.js';
import { includeChildren } from './include-children.js';
import { registerLinkRoutes } from './link-routes.js';
import { registerLogRoutes } from './log-routes.js';
import type { Entity } from './repository.js';
import type { RouteDeps } from './route-deps.js';
import { registerSingletonRoutes } from './singleton-routes.js';

type Params = Record<string, string>;
type Query = Record<string, unknown>;

/** The items with the query extras the query turns on (Logto's `includeExecutionStats`). */
const withExtras = async (
  ops: EntityOperations,
  context: RequestContext,
  items: Entity[],
  extras: readonly QueryExtra[] | undefined,
  query: Query,
): Promise<Entity[]> => {
  let extended = items;
  for (const { param, hook } of extras ?? []) {
    if (isFlagOn(query[param])) extended = await ops.extend(context, extended, hook);
  }
  return extended;
};

/** The list query parameter that embeds a children relation, e.g. `includeScopes`. */
export const includeParam = (relation: string) => `include${relation[0]?.toUpperCase()}${relation.slice(1)}`;

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The path parameter naming an item: `id` at the top, `<entity>Id` below a parent, or the entity's item key. */
export const itemParam = (model: EntityModel) =>
  model.itemParam ?? (model.idField !== 'id' ? model.idField : model.parent ? `${model.name}Id` : 'id');

/**
 * The generic management routes of one entity, from its descriptor: list, create, get, update, delete, its
 * links through relation entities and its bespoke actions. Paths, status codes and headers follow Logto's API.
 */
export const registerEntityRoutes = (app: FastifyInstance, model: EntityModel, deps: RouteDeps) => {
  if (!model.hasApi) return;
  if (model.kind === 'singleton') return registerSingletonRoutes(app, model, deps);
  if (model.kind === 'log') return registerLogRoutes(app, model, deps);
  const { assertValidQuery } = deps.validation;
  const view = publicView(model);
  // The scopes each route needs; a bearer guard, where installed, checks them.
  const read = { config: { scopes: model.requiredScopes.read } };
  const write = { config: { scopes: model.requiredScopes.write } };
  const ops = deps.operationsOf(model.name);
  const base = `${model.apiRoot ? '' : '/api'}${routerPath(model.apiPath)}`;
  const idParam = itemParam(model);
  const item = `${base}/:${idParam}`;
  const parentId = (params: Params) => (model.parent ? params[model.parent.param] : undefined);
  const { list, create, get, update, delete: remove, replace } = model.operations;
  /** A filter's values in the query: the one given, or every repetition of a `multiple` parameter. */
  const filterValues = (query: Query, param: string) => {
    const raw = query[param];
    return (Array.isArray(raw) ? raw : [raw]).filter(text) as string[];
  };

  registerExportRoute(app, model, deps, { base, view });
  if (list) {
    app.get<{ Params: Params; Querystring: Query }>(base, read, async (request, reply) => {
      const page = readPage(request.query, list.pagination);
      // Only a paged list has a total to count.
      const count = page ? readCounting(request, deps.countThreshold) : undefined;
      assertValidQuery(model.listQuery, request.query);
      const filters = Object.fromEntries(
        model.listFilters.flatMap(({ field, param }) => {
          const values = filterValues(request.query, param);
          return values.length > 0 ? [[field, values]] : [];
        }),
      );
      const exclude = model.listExclusions.flatMap((exclusion) => {
        const id = text(request.query[exclusion.param]);
        return id ? [{ exclusion, id }] : [];
      });
      const fieldSearch = model.fieldSearch ? parseFieldSearch(request.query, model.fieldSearch) : undefined;
      const switches = model.listSummaries.flatMap(({ when }) => (when && isFlagOn(request.query[when]) ? [when] : []));
      const search = searchOf(request.query, searchQueryOf(list));
      const result = await ops.list(
        deps.context(request),
        { page, search, fieldSearch, filters, exclude, switches, count },
        parentId(request.params),
      );
      // Logto counts a list only when it is paged: a whole list (no page asked for) has no Total-Number.
      if (page) setPageHeaders(request, reply, { ...result, items: result.items.length }, page, count);
      let items = result.items;
      for (const relation of model.relations) {
        if (relation.kind === 'children' && isFlagOn(request.query[includeParam(relation.name)])) {
          items = await includeChildren(ops, deps.context(request), items, relation.name);
        }
      }
      return view(await withExtras(ops, deps.context(request), items, list.extras, request.query));
    });
  }
  if (create) {
    app.post<{ Params: Params }>(base, write, async (request, reply) => {
      const created = await ops.create(deps.context(request), request.body, parentId(request.params));
      return reply.status(create.status).send(view(created));
    });
  }
  if (replace) {
    app.put<{ Params: Params }>(base, write, async (request, reply) => {
      await ops.replaceAll(deps.context(request), request.body, parentId(request.params));
      return reply.status(204).send();
    });
  }
  if (get) {
    app.get<{ Params: Params; Querystring: Query }>(item, read, async (request) => {
      const context = deps.context(request);
      const stored = await ops.get(context, request.params[idParam] ?? '', parentId(request.params));
      const [found = stored] = await withExtras(ops, context, [stored], get.extras, request.query);
      // Private fields a query parameter asks for, under their own names (Logto's `includePasswordHash`).
      const revealed = (get.reveal ?? []).flatMap(({ param, fields }) =>
        isFlagOn(request.query[param])
          ? Object.entries(fields).map(([name, field]) => [name, found[field] ?? null] as const)
          : [],
      );
      return { ...view(found), ...Object.fromEntries(revealed) };
    });
  }
  if (update) {
    app.patch<{ Params: Params }>(item, write, async (request) =>
      view(
        await ops.update(deps.context(request), request.params[idParam] ?? '', request.body, parentId(request.params)),
      ),
    );
  }
  if (remove) {
    app.delete<{ Params: Params }>(item, write, async (request, reply) => {
      await ops.delete(deps.context(request), request.params[idParam] ?? '', parentId(request.params));
      return reply.status(204).send();
    });
  }

  registerLinkRoutes(
    app,
    ops,
    { path: item, key: (params) => [params[idParam] ?? ''], read, write, linkedListQuery: model.linkedListQuery },
    deps,
  );

  registerActionRoutes(app, model, deps, { base, item, idParam, view });
};
