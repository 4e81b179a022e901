import type { FastifyInstance } from 'fastify';
import { routerPath } from '../../shared/action-paths.js';
import type { EntityModel } from '../../shared/descriptor.js';
import { CURSOR_PARAM, ENABLE_CAP_PARAM, NEXT_CURSOR_HEADER } from '../../shared/entity-kinds.js';
import { isFlagOn } from '../../shared/query-flags.js';
import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { readCounting, readPage, setPageHeaders } from '../http/pagination.js';
import { ADMIN_TENANT_ID } from '../tenants/urls.js';
import { withoutPrivate } from './fields.js';
import { nameFrom, unnamedIds } from './log-names.js';
import { decodeCursor, encodeCursor, type LogQuery, LogRepository } from './log-repository.js';
import type { Entity } from './repository.js';
import type { RouteDeps } from './route-deps.js';

type Params = Record<string, string>;
type Query = Record<string, unknown>;

const texts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.length > 0);
/** The latest instant a timestamp column holds (9999-12-31), in Unix milliseconds. */
const LATEST_INSTANT = 253402300799999;

/** A range bound: digits (the query schema checked them) naming an instant a timestamp can hold, else 400. */
const instant = (query: Query, param: string): number | undefined => {
  const [text] = texts(query[param]);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (Number.isSafeInteger(value) && value <= LATEST_INSTANT) return value;
  throw new ApiError(
    'guard.invalid_input',
    { type: 'query' },
    { issues: [{ path: `/${param}`, keyword: 'maximum', message: `must be <= ${LATEST_INSTANT}`, params: {} }] },
  );
};

/** The filters of a log list's query (already validated against the generated query schema). */
const logQuery = (model: EntityModel, query: Query, parentId: string | undefined): LogQuery => {
  const list = model.operations.list;
  return {
    ...(parentId === undefined ? {} : { parentId }),
    ranges: (list?.ranges ?? []).map((range) => {
      const after = instant(query, range.from);
      const before = instant(query, range.to);
      // A window that ends before it starts is refused, as Logto refuses it (400 `log.invalid_time_window`).
      if (after !== undefined && before !== undefined && after > before) throw new ApiError('log.invalid_time_window');
      // Logto's recent hook logs: a request naming neither bound sees the last hours only.
      const sinceHours = after === undefined && before === undefined ? range.defaultWindowHours : undefined;
      return {
        field: range.field,
        ...(range.inclusive ? { inclusive: true } : {}),
        ...(after === undefined ? {} : { after }),
        ...(before === undefined ? {} : { before }),
        ...(sinceHours === undefined ? {} : { sinceHours }),
      };
    }),
    prefixes: (list?.prefixes ?? []).flatMap((prefix) => {
      const [value] = texts(query[prefix.param]);
      return value === undefined ? [] : [{ field: prefix.field, value }];
    }),
    values: model.listFilters.flatMap((filter) => {
      const values = texts(query[filter.param]);
      return values.length > 0 ? [{ field: filter.field, values }] : [];
    }),
  };
};

/**
 * The routes of a log entity: a filtered list (Logto's `page`/`page_size` with `Total-Number`, or keyset pages with
 * `cursor` and `Next-Cursor`) and one entry by id. A log has no write routes: its rows are written by the server.
 */
export const registerLogRoutes = (app: FastifyInstance, model: EntityModel, deps: RouteDeps) => {
  const read = { config: { scopes: model.requiredScopes.read } };
  const ops = deps.operationsOf(model.name);
  const logs = new LogRepository(model, (row) => ops.repository.fromRow(row));
  const base = `/api${routerPath(model.apiPath)}`;
  const idParam = model.parent ? `${model.name}Id` : 'id';
  const parentId = (params: Params) => (model.parent ? params[model.parent.param] : undefined);
  /** Fields that never leave the server (`x-private`) are left out of every answer. */
  const view = (entity: Entity) => withoutPrivate(model, entity);

  /**
   * Names the ids the tenant lacks from the console's own users and applications (a management write made in the
   * console names them), in one statement for the page; the admin tenant's own log has nothing more to look in.
   */
  const withConsoleNames = async (tenantId: string, items: Entity[]): Promise<Entity[]> => {
    const unnamed = unnamedIds(model.nameLookups ?? [], items);
    if (unnamed.size > 0 && tenantId !== ADMIN_TENANT_ID) {
      await deps.db.read(ADMIN_TENANT_ID, (tx) => nameFrom(tx, ADMIN_TENANT_ID, unnamed, items));
    }
    return items;
  };

  /** A log below a parent is about nothing when the parent does not exist in the tenant (404). */
  const assertParent = async (tx: Queryable, tenantId: string, id?: string) => {
    if (!model.parent) return;
    const parent = deps.operationsOf(model.parent.resource);
    if (!(await parent.repository.find(tx, { tenantId }, id ?? ''))) {
      throw new ApiError('entity.not_exists_with_id', { name: parent.model.name, id: id ?? '' });
    }
  };

  app.get<{ Params: Params; Querystring: Query }>(base, read, async (request, reply) => {
    deps.validation.assertValidQuery(model.listQuery, request.query);
    const page = readPage(request.query, 'required') ?? { page: 1, pageSize: 20 };
    const { tenantId } = deps.context(request);
    const query = logQuery(model, request.query, parentId(request.params));
    const keyset = request.query[CURSOR_PARAM] !== undefined;
    if (keyset && request.query.page !== undefined) throw new ApiError('guard.invalid_pagination');
    if (keyset) {
      const [text] = texts(request.query[CURSOR_PARAM]);
      const cursor = text === undefined ? undefined : decodeCursor(text);
      if (text !== undefined && !cursor) {
        throw new ApiError(
          'guard.invalid_input',
          { type: 'query' },
          {
            issues: [
              { path: `/${CURSOR_PARAM}`, keyword: 'cursor', message: 'is not a cursor of this list', params: {} },
            ],
          },
        );
      }
      const result = await deps.db.read(tenantId, async (tx) => {
        await assertParent(tx, tenantId, query.parentId);
        return logs.keyset(tx, tenantId, query, cursor, page.pageSize);
      });
      if (result.next) reply.header(NEXT_CURSOR_HEADER, encodeCursor(result.next));
      return (await withConsoleNames(tenantId, result.items)).map(view);
    }
    const capped = isFlagOn(request.query[ENABLE_CAP_PARAM]);
    // Logto's `enableCap` decides the count where it is asked for; a `Prefer: count=…` is then not applied.
    const count = capped ? undefined : readCounting(request, deps.countThreshold);
    const result = await deps.db.read(tenantId, async (tx) => {
      await assertParent(tx, tenantId, query.parentId);
      return logs.page(tx, tenantId, query, page, capped, count);
    });
    const total = { ...result, capped: result.isCapped, items: result.items.length };
    setPageHeaders(request, reply, total, page, count);
    return (await withConsoleNames(tenantId, result.items)).map(view);
  });

  app.get<{ Params: Params }>(`${base}/:${idParam}`, read, async (request) => {
    const { tenantId } = deps.context(request);
    const id = request.params[idParam] ?? '';
    const entry = await deps.db.read(tenantId, async (tx) => {
      await assertParent(tx, tenantId, parentId(request.params));
      return logs.find(tx, tenantId, id, parentId(request.params));
    });
    if (!entry) throw ops.notFound(id, model.name, 'get');
    const [named] = await withConsoleNames(tenantId, [entry]);
    return view(named ?? entry);
  });
};
