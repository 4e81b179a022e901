import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  csvLine,
  EXPORT_FORMATS,
  EXPORT_MEDIA_TYPES,
  EXPORT_PAGE_SIZE,
  EXPORT_SEGMENT,
  type ExportFormat,
} from '../../shared/bulk.js';
import type { EntityModel } from '../../shared/descriptor.js';
import { ApiError } from '../http/api-error.js';
import type { RequestContext } from './context.js';
import type { EntityOperations } from './contracts.js';
import type { Entity } from './repository.js';
import type { RouteDeps } from './route-deps.js';

const quoted = (name: string) => `"${name}"`;

/**
 * The tenant's items in keyset pages on `(created_at, id)`, oldest first: each page is one short read of at most
 * `EXPORT_PAGE_SIZE` rows after the last row of the page before, so a page costs its rows however deep it lies and the
 * server holds one page at a time. The position is kept as the database's text of the time, whose microseconds a
 * JavaScript date would lose.
 */
async function* keysetPages(ops: EntityOperations, context: RequestContext): AsyncGenerator<Entity[]> {
  const { model, repository } = ops;
  const select = model.columns.map((column) => quoted(column.column)).join(', ');
  const table = quoted(model.table);
  let after: { createdAt: unknown; id: unknown } | undefined;
  for (;;) {
    const rows = await ops.read(context, async (tx) => {
      const params: unknown[] = [context.tenantId, EXPORT_PAGE_SIZE];
      let where = 'tenant_id = $1';
      if (after) {
        params.push(after.createdAt, after.id);
        where += ' AND (created_at, id) > ($3, $4)';
      }
      const found = await tx.query<Record<string, unknown>>(
        `SELECT ${select}, created_at::text AS "__created", id AS "__id" FROM ${table} WHERE ${where} ORDER BY created_at, id LIMIT $2`,
        params,
      );
      return found.rows;
    });
    const last = rows.at(-1);
    if (!last) return;
    yield rows.map((row) => repository.fromRow(row));
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = { createdAt: last.__created, id: last.__id };
  }
}

/** The fields a CSV names in its header row: the schema's, in its order, as the API answers them. */
const csvFields = (model: EntityModel) =>
  Object.keys(model.schema.properties ?? {}).filter(
    (name) => name !== 'tenantId' && !model.privateFields.includes(name),
  );

async function* exported(
  pages: AsyncGenerator<Entity[]>,
  format: ExportFormat,
  fields: string[],
  view: (item: Entity) => Entity,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield csvLine(fields);
    for await (const page of pages)
      yield page.map((item) => csvLine(fields.map((field) => view(item)[field]))).join('');
    return;
  }
  let first = true;
  yield '[';
  for await (const page of pages) {
    const items = page.map((item) => JSON.stringify(view(item)));
    yield `${first ? '\n' : ',\n'}${items.join(',\n')}`;
    first = false;
  }
  yield first ? ']' : '\n]';
}

/**
 * `GET <list path>/export?format=csv|json` of an entity with `bulk: true`: every item of the tenant, streamed as the
 * pages are read (memory stays flat however many items), each as the list answers it (private fields left out).
 */
export const registerExportRoute = (
  app: FastifyInstance,
  model: EntityModel,
  deps: RouteDeps,
  { base, view }: { base: string; view: (item: Entity) => Entity },
) => {
  if (!model.bulk || !model.operations.list) return;
  const ops = deps.operationsOf(model.name);
  const fields = csvFields(model);
  app.get<{ Querystring: Record<string, unknown> }>(
    `${base}/${EXPORT_SEGMENT}`,
    { config: { scopes: model.requiredScopes.read } },
    async (request, reply) => {
      const format = request.query.format ?? 'csv';
      if (!(EXPORT_FORMATS as readonly unknown[]).includes(format)) {
        throw new ApiError(
          'guard.invalid_input',
          { type: 'query' },
          {
            issues: [{ path: ['format'], message: `must be one of ${EXPORT_FORMATS.join(', ')}` }],
          },
        );
      }
      const chosen = format as ExportFormat;
      const context = deps.context(request);
      const stream = Readable.from(exported(keysetPages(ops, context), chosen, fields, view));
      return reply
        .type(EXPORT_MEDIA_TYPES[chosen])
        .header('content-disposition', `attachment; filename="${model.table}.${chosen}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
