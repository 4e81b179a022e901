import type { ActionOverride } from '../../../server/crud/overrides.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /api/domains/cleanup`: deletes the domains that are not active (their records checked now) and were added
 * more than `staleDays` ago; active ones are counted and kept.
 */
export const cleanupDomains = async ({ context, body, operations }: ActionInput) => {
  const staleBefore = Date.now() - Number(body.staleDays) * DAY_MS;
  const { items } = await operations.list(context, {});
  const summary = { scannedCount: items.length, deletedCount: 0, skippedActiveCount: 0, failedCount: 0 };
  for (const domain of items) {
    if (domain.status === 'Active') {
      summary.skippedActiveCount += 1;
      continue;
    }
    if (Number(domain.createdAt) >= staleBefore) continue;
    try {
      await operations.delete(context, String(domain.id));
      summary.deletedCount += 1;
    } catch {
      summary.failedCount += 1;
    }
  }
  return summary;
};
