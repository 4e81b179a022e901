import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import { systemContext } from '../../../server/crud/context.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { deleteTenant } from '../../../server/tenants/lifecycle.js';
import { rolesOf, tenantRows } from '../../../server/tenants/membership.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';

type Run = Parameters<ActionOverride['run']>[0];
type Blocker = { id: string; name: string; reason: 'paid_plan' | 'subscription_not_active' | 'open_invoices' };

/** Plans that cost nothing: a tenant on another plan is paid for, and its subscription is ended before the account. */
const UNPAID_PLANS = new Set(['free', 'dev']);

/**
 * What deleting the caller's account does (spec §6): the tenants it administers are deleted, and it leaves the others.
 * A tenant it administers blocks the deletion while it is on a paid plan, its subscription is not active, or an
 * invoice of it is open.
 */
const deletionPlan = async (input: Run) => {
  const { db, operationsOf } = input;
  const roles = await rolesOf(input, (input.caller as ConsoleCaller).user.id);
  const rows = await tenantRows(db, [...roles.keys()]);
  const owned = rows.filter((row) => roles.get(row.id) === 'admin');
  const invoices = operationsOf('invoice').repository;
  const blockers: Blocker[] = [];
  for (const row of owned) {
    const base = { id: row.id, name: row.name };
    if (!UNPAID_PLANS.has(row.planId)) blockers.push({ ...base, reason: 'paid_plan' });
    if (row.subscriptionStatus !== 'active') blockers.push({ ...base, reason: 'subscription_not_active' });
    const open = await db.read(row.id, (tx) => invoices.findBy(tx, { tenantId: row.id }, { status: 'open' }));
    if (open) blockers.push({ ...base, reason: 'open_invoices' });
  }
  return {
    tenantsToDelete: owned.map(({ id, name }) => ({ id, name })),
    tenantsToQuit: rows.filter((row) => roles.get(row.id) !== 'admin').map(({ id, name }) => ({ id, name })),
    blockers,
  };
};

/**
 * `DELETE /api/me`: refused (422 `account.deletion_blocked`, the blockers as data) while a blocker stands; else the
 * tenants the account administers are deleted, then the account, which takes its memberships of the others with it.
 */
const deleteAccount = async (input: Run) => {
  const plan = await deletionPlan(input);
  if (plan.blockers.length > 0) throw new ApiError('account.deletion_blocked', {}, { blockers: plan.blockers });
  const { db, operationsOf, context } = input;
  for (const tenant of plan.tenantsToDelete) {
    await deleteTenant({ db, operationsOf, edition: context.edition }, tenant.id, context.actor);
    input.request.server.tenantDirectory.forget(tenant.id);
    input.request.server.identity.keysChanged(tenant.id);
  }
  // The account goes at its own request: the system deletes it (a user never deletes the user it acts as).
  const { user } = input.caller as ConsoleCaller;
  await operationsOf('user').delete(systemContext(ADMIN_TENANT_ID, 'account-deletion', context), user.id);
};

export const cloudAccountOverrides = {
  'cloudAccount.deletion': { kind: 'action', authenticate: consoleUser, run: deletionPlan },
  'cloudAccount.delete': { kind: 'action', authenticate: consoleUser, run: deleteAccount },
} satisfies Record<string, ServerOverride>;
