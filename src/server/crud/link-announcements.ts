import type { LinkedRelation } from '../../shared/descriptor.js';
import type { Announcement } from './pipeline.js';

/**
 * The side's `linkEvent`, if it has one, with the source's key and the ids added and removed, named after the
 * target's key (`userId` → `addedUserIds`, `removedUserIds`); an empty list is left out, as Logto does.
 */
export const linkAnnouncements = (
  relation: LinkedRelation,
  key: string[],
  added: string[],
  removed: string[],
): Announcement[] => {
  if (!relation.linkEvent) return [];
  const Target = relation.targetKey.replace(/Id$/, '').replace(/^./, (c) => c.toUpperCase());
  const source = Object.fromEntries(relation.sourceKeys.map((field, index) => [field, key[index]]));
  return [
    {
      event: relation.linkEvent,
      fields: {
        ...source,
        ...(added.length > 0 ? { [`added${Target}Ids`]: added } : {}),
        ...(removed.length > 0 ? { [`removed${Target}Ids`]: removed } : {}),
      },
    },
  ];
};
