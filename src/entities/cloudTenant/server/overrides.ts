import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { createTenant, deleteTenant, type NewTenant } from '../../../server/tenants/lifecycle.js';
import {
  memberTenant,
  requireScope,
  rolesOf,
  type TenantRow,
  tenantRows,
  tenantView,
} from '../../../server/tenants/membership.js';
import { tenantStanding } from '../../../server/tenants/tenant-standing.js';
import { cloudApiScopes, type TenantRole } from '../../../shared/tenant-permissions.js';

/**
 * The cloud's tenants API (Logto cloud's `/api/tenants`, spec §7), served by the admin tenant to its console
 * accounts: the tenants a user is a member of, with the user's tenant role; create (the creator is its admin);
 * rename or retag and delete, for those whose role manages the tenant. A tenant the caller is not a member of is not
 * found.
 */

type Run = Parameters<ActionOverride['run']>[0];

/** A tenant as its member reads it: the tenant, the member's role, and where the tenant stands. */
const presentTenant = async (input: Run, row: TenantRow, role: TenantRole) => ({
  ...tenantView(row, role),
  ...(await tenantStanding(input, row)),
});

const lifecycleDeps = ({ db, operationsOf, context }: Run) => ({ db, operationsOf, edition: context.edition });

export const cloudTenantOverrides = {
  'cloudTenant.list': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { db, caller } = input;
      const roles = await rolesOf(input, (caller as ConsoleCaller).user.id);
      const rows = await tenantRows(db, [...roles.keys()]);
      const tenants = [];
      for (const row of rows) tenants.push(await presentTenant(input, row, roles.get(row.id) as TenantRole));
      return tenants;
    },
  },
  'cloudTenant.create': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      requireScope(input.caller, cloudApiScopes.createTenant);
      const { user } = input.caller as ConsoleCaller;
      const body = input.body as Partial<NewTenant> & { name: string };
      const id = await createTenant(
        lifecycleDeps(input),
        { name: body.name, tag: body.tag ?? 'development', regionName: body.regionName ?? 'EU' },
        { kind: 'user', id: user.id },
      );
      const [row] = await tenantRows(input.db, [id]);
      return presentTenant(input, row as TenantRow, 'admin');
    },
  },
  'cloudTenant.update': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      requireScope(input.caller, cloudApiScopes.manageOwnTenant);
      const { row, role } = await memberTenant(input, 'manage:tenant');
      const tenants = input.operationsOf('tenant').repository;
      const changed = await tenants.update(input.db, { tenantId: row.id }, row.id, input.body);
      const [updated] = await tenantRows(input.db, [row.id]);
      return presentTenant(input, (updated ?? { ...row, ...changed }) as TenantRow, role);
    },
  },
  'cloudTenant.delete': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      requireScope(input.caller, cloudApiScopes.manageOwnTenant);
      const { row } = await memberTenant(input, 'manage:tenant');
      await deleteTenant(lifecycleDeps(input), row.id, input.context.actor);
      input.request.server.tenantDirectory.forget(row.id);
      input.request.server.identity.keysChanged(row.id);
    },
  },
} satisfies Record<string, ServerOverride>;
