import type { LinkedRelation } from '../../shared/descriptor.js';
import type { Announcement } from './pipeline.js';

/**
 * The side's `linkEvent`, if it has one, with the source's key and the ids added and removed, named after the
 * target's key (`userId` → `addedUserIds`, `removedUserIds`); an empty list is left out, as Logto does. Then the
 * side's `changeEvent`, if it has one, with the source's key alone (`organizationRoleId`).
 */
export const linkAnnouncements = (
  relation: LinkedRelation,
  key: string[],
  added: string[],
  removed: string[],
): Announcement[] => {
  const Target = relation.targetKey.replace(/Id$/, '').replace(/^./, (c) => c.toUpperCase());
  const source = Object.fromEntries(relation.sourceKeys.map((field, index) => [field, key[index]]));
  return [
    ...(relation.linkEvent
      ? [
          {
            event: relation.linkEvent,
            fields: {
              ...source,
              ...(added.length > 0 ? { [`added${Target}Ids`]: added } : {}),
              ...(removed.length > 0 ? { [`removed${Target}Ids`]: removed } : {}),
            },
          },
        ]
      : []),
    ...(relation.changeEvent ? [{ event: relation.changeEvent, fields: source }] : []),
  ];
};

/**
 * A new item's `changeEvent`s: once per event, when its create body linked some ids through a `createField`
 * (a new organization role with organization or API permissions).
 */
export const createAnnouncements = (links: { relation: LinkedRelation; ids: string[] }[], id: string) => {
  const events = new Map<string, Record<string, unknown>>();
  for (const { relation, ids } of links) {
    if (ids.length > 0 && relation.changeEvent && !events.has(relation.changeEvent)) {
      events.set(relation.changeEvent, { [relation.sourceKeys[0] ?? 'id']: id });
    }
  }
  return [...events].map(([event, fields]): Announcement => ({ event, fields }));
};
