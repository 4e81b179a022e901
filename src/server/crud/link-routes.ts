import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type FormModel, searchQueryOf } from '../../shared/descriptor.js';
import { readCounting, readPage, setPageHeaders } from '../http/pagination.js';
import { searchOf } from '../http/search-pattern.js';
import type { EntityOperations } from './contracts.js';
import { publicView } from './fields.js';
import type { RouteDeps } from './route-deps.js';

type Params = Record<string, string>;
type Query = Record<string, unknown>;

export interface LinkRouteBase {
  /** The owner's item path (`/api/roles/:id`, or one link below it for a membership's own links). */
  path: string;
  /** The owner's key from the path: `[id]`, or both keys of a membership. */
  key: (params: Params) => string[];
  /** The scopes the routes need (the top-level entity's), and the linked lists' query validator. */
  read: { config: { scopes: string[] } };
  write: { config: { scopes: string[] } };
  linkedListQuery: FormModel | undefined;
}

/**
 * The routes of the links an entity exposes through relation entities, as Logto has them: list the linked items
 * (`GET …/scopes`, paged, searchable), link (`POST …/scopes`), replace the whole set where the relation allows it (`PUT`), unlink (`DELETE …/scopes/{scopeId}`). When the
 * relation has links of its own (roles per membership), they hang below one link:
 * `GET /api/teams/{id}/members/{memberId}/roles`.
 */
export const registerLinkRoutes = (
  app: FastifyInstance,
  owner: EntityOperations,
  base: LinkRouteBase,
  deps: RouteDeps,
) => {
  for (const relation of owner.model.relations) {
    if (relation.kind !== 'linked' || relation.routes === false) continue;
    const path = `${base.path}/${relation.segment ?? relation.name}`;
    // Linked items look like the target's own answers: derived fields computed, private ones left out.
    const view = publicView(deps.operationsOf(relation.target).model);
    app.get<{ Params: Params; Querystring: Query }>(path, base.read, async (request, reply) => {
      const page = readPage(request.query, relation.pagination ?? 'required');
      deps.validation.assertValidQuery(base.linkedListQuery, request.query);
      const search = searchOf(request.query, relation.search ?? searchQueryOf(undefined));
      const count = page ? readCounting(request, deps.countThreshold) : undefined;
      const nestedFilters = (relation.nested ?? []).flatMap(({ filterParam, relation: nested }) => {
        const id = filterParam ? request.query[filterParam] : undefined;
        return typeof id === 'string' && id.length > 0 ? [{ relation: nested, id }] : [];
      });
      const result = await owner.links.list(deps.context(request), relation.name, base.key(request.params), {
        ...(page ? { page } : {}),
        ...(search ? { search } : {}),
        ...(count ? { count } : {}),
        ...(nestedFilters.length > 0 ? { nestedFilters } : {}),
      });
      // A whole list (no page asked for, where the relation allows it) has no Total-Number, as Logto's.
      if (page) setPageHeaders(request, reply, { ...result, items: result.items.length }, page, count);
      return view(result.items);
    });
    for (const reach of relation.reach ?? []) {
      const reachPath = `${base.path}/${reach.segment ?? reach.name}`;
      const reached = publicView(owner.links.reached(relation.name, reach).target.model);
      app.get<{ Params: Params }>(reachPath, base.read, async (request) =>
        reached(await owner.links.reach(deps.context(request), relation.name, base.key(request.params), reach)),
      );
    }
    if (relation.readOnly) continue;
    app.post<{ Params: Params }>(path, base.write, async (request, reply) => {
      const linked = await owner.links.link(
        deps.context(request),
        relation.name,
        base.key(request.params),
        request.body,
      );
      reply.status(relation.assignStatus);
      // Logto's routes that answer no body send the status text, as Koa does.
      if (relation.assignAnswer === 'status') {
        return reply.type('text/plain; charset=utf-8').send(STATUS_CODES[relation.assignStatus]);
      }
      return reply.send(Array.isArray(linked) ? view(linked) : linked);
    });
    if (relation.replace) {
      app.put<{ Params: Params }>(path, base.write, async (request, reply) => {
        const ids = await owner.links.replace(
          deps.context(request),
          relation.name,
          base.key(request.params),
          request.body,
        );
        return relation.replaceAnswer === 'none' ? reply.status(204).send() : ids;
      });
    }
    const targetParam = `${relation.target}Id`;
    app.delete<{ Params: Params }>(`${path}/:${targetParam}`, base.write, async (request, reply) => {
      await owner.links.unlink(
        deps.context(request),
        relation.name,
        base.key(request.params),
        request.params[targetParam] ?? '',
      );
      return reply.status(204).send();
    });

    const through = deps.operationsOf(relation.through);
    for (const nested of through.model.relations) {
      if (nested.kind !== 'linked' || !nested.bulk) continue;
      app.post<{ Params: Params }>(`${path}/${nested.segment ?? nested.name}`, base.write, async (request, reply) => {
        const context = deps.context(request);
        await owner.links.linkEach(context, relation.name, base.key(request.params), nested.name, request.body);
        return reply
          .status(nested.assignStatus)
          .type('text/plain; charset=utf-8')
          .send(STATUS_CODES[nested.assignStatus]);
      });
    }
    if (!through.model.relations.some((r) => r.kind === 'linked')) continue;
    // One link (a membership) is named by the owner's key and the target's id; its key lists both sides' keys.
    const keys = (through.model.sides ?? []).flatMap((side) => side.keys);
    registerLinkRoutes(
      app,
      through,
      {
        ...base,
        path: `${path}/:${targetParam}`,
        key: (params) => {
          const values: Record<string, string> = { [relation.targetKey]: params[targetParam] ?? '' };
          base.key(params).forEach((value, i) => {
            values[relation.sourceKeys[i] ?? ''] = value;
          });
          return keys.map((field) => values[field] ?? '');
        },
      },
      deps,
    );
  }
};
