import type { Queryable } from '../db/database.js';
import type { Entity, Repository } from './repository.js';

/** How many linked items a list summary shows (Logto's featured users and applications of a role). */
const FEATURED_LINKS = 3;

/** Adds each listed item's link summaries (Logto's `usersCount` and `featuredUsers` on roles, and the like). */
export const withLinkSummaries = async (
  repository: Repository,
  tx: Queryable,
  tenantId: string,
  items: Entity[],
  repositoryOf: (entity: string) => Repository,
  itemOnly = false,
): Promise<Entity[]> => {
  const listSummaries = repository.model.listSummaries.filter((summary) => !itemOnly || summary.item);
  if (listSummaries.length === 0) return items;
  const ids = items.map((item) => item.id as string);
  const summaries = listSummaries.map((summary) => ({
    summary,
    target: repositoryOf(summary.target),
    ...(summary.embed ? { embedded: repositoryOf(summary.embed.target) } : {}),
  }));
  const found = await repository.linkSummaries(tx, tenantId, ids, summaries, FEATURED_LINKS);
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
