import type { ListSummaryModel } from '../../shared/descriptor.js';
import type { Queryable } from '../db/database.js';
import { columnOf } from './columns.js';
import type { Entity, Repository } from './repository.js';

const q = (name: string) => `"${name}"`;

/** How many linked items a list summary shows (Logto's featured users and applications of a role). */
const FEATURED_LINKS = 3;

/**
 * For each of `ids` and each summary, how many items are linked to it through the summary's join table, and the
 * first `featured` of them (by link age) with the summary's fields (or all of them when the summary says `all`),
 * each with its embedded related item when the summary names one. One statement for every summary of the page.
 */
const linkSummaries = async (
  db: Queryable,
  tenantId: string,
  ids: string[],
  summaries: { summary: ListSummaryModel; target: Repository; embedded?: Repository }[],
  featured: number,
): Promise<Map<string, { count: number; featured: Entity[] }>[]> => {
  const results = summaries.map(() => new Map(ids.map((id) => [id, { count: 0, featured: [] as Entity[] }])));
  if (ids.length === 0 || summaries.length === 0) return results;
  const branches = summaries.map(({ summary, target, embedded }, index) => {
    const fields = summary.fields.map((field) => ({ field, column: columnOf(target.model, field) }));
    const owner = `x.${q(summary.column)}`;
    const json = fields.map((f) => `'${f.field}', linked.${q(f.column)}`);
    // A featured item's related item (a scope's resource), looked up by its field.
    const embed = summary.embed;
    const embedColumn =
      embed && embedded
        ? `, (SELECT jsonb_build_object(${embed.fields.map((f) => `'${f}', e.${q(columnOf(embedded.model, f))}`).join(', ')})
          FROM ${q(embedded.model.table)} e
          WHERE e.tenant_id = t.tenant_id AND e.id = t.${q(columnOf(target.model, embed.foreignKey))}) AS "__embed"`
        : '';
    if (embed) json.push(`'${embed.property}', linked."__embed"`);
    // Every link is counted; only the featured ones (or all of them) are turned into JSON.
    return `SELECT ${index} AS "__summary", "__owner", "__count", "__rank", jsonb_build_object(${json.join(', ')}) AS "__item"
      FROM (
        SELECT ${owner} AS "__owner", ${fields.map((f) => `t.${q(f.column)}`).join(', ')}${embedColumn},
          count(*) OVER (PARTITION BY ${owner})::int8 AS "__count",
          row_number() OVER (PARTITION BY ${owner} ORDER BY x.created_at, t.id) AS "__rank"
        FROM ${q(summary.table)} x
        JOIN ${q(target.model.table)} t ON t.tenant_id = x.tenant_id AND t.id = x.${q(summary.byColumn)}
        WHERE x.tenant_id = $1 AND ${owner} = ANY($2::varchar[])
      ) linked${summary.all ? '' : ` WHERE "__rank" <= ${Math.trunc(featured)}`}`;
  });
  const { rows } = await db.query<{ __summary: number; __owner: string; __count: number; __item: Entity }>(
    `${branches.join('\nUNION ALL\n')}\nORDER BY "__summary", "__owner", "__rank"`,
    [tenantId, ids],
  );
  // Each owner's featured items come in their links' order.
  for (const row of rows) {
    const entry = results[row.__summary]?.get(row.__owner);
    if (!entry) continue;
    entry.count = Number(row.__count);
    entry.featured.push(row.__item);
  }
  return results;
};

/** Adds each listed item's link summaries (Logto's `usersCount` and `featuredUsers` on roles, and the like). */
export const withLinkSummaries = async (
  repository: Repository,
  tx: Queryable,
  tenantId: string,
  items: Entity[],
  repositoryOf: (entity: string) => Repository,
  itemOnly = false,
  switches: readonly string[] = [],
): Promise<Entity[]> => {
  const listSummaries = repository.model.listSummaries.filter((summary) =>
    summary.when ? !itemOnly && switches.includes(summary.when) : !itemOnly || summary.item,
  );
  if (listSummaries.length === 0) return items;
  const ids = items.map((item) => item.id as string);
  const summaries = listSummaries.map((summary) => ({
    summary,
    target: repositoryOf(summary.target),
    ...(summary.embed ? { embedded: repositoryOf(summary.embed.target) } : {}),
  }));
  const found = await linkSummaries(tx, tenantId, ids, summaries, FEATURED_LINKS);
  return items.map((item) => {
    const decorated = { ...item };
    for (const [index, { summary }] of summaries.entries()) {
      const entry = found[index]?.get(item.id as string);
      if (summary.count) decorated[summary.count] = entry?.count ?? 0;
      decorated[summary.featured] = entry?.featured ?? [];
    }
    return decorated;
  });
};
