import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { deleteMany } from '../../../server/crud/repository-sets.js';
import { sentinelTarget } from '../../../server/interaction/sentinel.js';
import { phoneNumberForms } from '../../user/server/phone-number.js';

type Run = Parameters<ActionOverride['run']>[0];

/**
 * `POST /api/sentinel-activities/delete`: forgets the attempts counted against the targets, which lifts their
 * lockout (204). A target is an identifier as typed at sign-in or a user id; an identifier that names an account
 * also clears the account's count, which its username, email and phone share.
 */
const remove = async ({ body, context, db, operations }: Run) => {
  const { targets } = body as { targetType: 'User' | 'App'; targets: string[] };
  if (targets.length === 0) return;
  await db.withTenant(context.tenantId, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM users WHERE tenant_id = $1
          AND (id = ANY($2::text[]) OR username = ANY($2::text[]) OR lower(primary_email) = ANY($3::text[])
               OR primary_phone = ANY($4::text[]))`,
      [context.tenantId, targets, targets.map((target) => target.toLowerCase()), targets.flatMap(phoneNumberForms)],
    );
    const hashes = new Set([
      ...targets.map((target) => sentinelTarget(target)),
      ...targets.map((target) => sentinelTarget('', target)),
      ...rows.map((row) => sentinelTarget('', row.id)),
    ]);
    const counted = await operations.repository.listByColumn(tx, context.tenantId, 'target_hash', [...hashes]);
    await deleteMany(
      operations.repository,
      tx,
      context.tenantId,
      counted.map((activity) => activity.id as string),
    );
  });
};

export const sentinelActivityOverrides = {
  'sentinelActivity.delete': { kind: 'action', run: remove },
} satisfies Record<string, ServerOverride>;
