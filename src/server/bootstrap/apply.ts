import type { FastifyBaseLogger } from 'fastify';
import { type ServerEdition, systemContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/operations.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { MANAGEMENT_ROLE_NAME } from '../tenants/seed.js';
import {
  ADMIN_TENANT_ID,
  DEFAULT_TENANT_ID,
  defaultTenantAdminRole,
  managementApiIndicator,
  QA_SCOPE,
} from '../tenants/urls.js';
import { UserStore } from '../users/store.js';
import type { BootstrapSettings } from './settings.js';

interface BootstrapContext {
  db: Database;
  operationsOf: (name: string) => EntityOperations;
  log: FastifyBaseLogger;
  edition: ServerEdition;
}

/** The first console administrator, unless the admin tenant has any account already (it is never changed). */
const ensureAdmin = async (
  { db, operationsOf, log, edition }: BootstrapContext,
  admin: NonNullable<BootstrapSettings['admin']>,
) => {
  const users = new UserStore(db, () => operationsOf('user'));
  // The same lock as registration through the sign-in pages: there is one first administrator.
  const created = await users.createFirst(
    systemContext(ADMIN_TENANT_ID, 'bootstrap', { edition }),
    { username: admin.username, primaryEmail: admin.email ?? null, password: admin.password },
    [defaultTenantAdminRole],
  );
  if (created) log.info({ username: admin.username }, 'created the console administrator from the environment');
};

/** The machine-to-machine application, unless one with that id exists (its secret and roles are left alone). */
const ensureClient = async (
  { db, operationsOf, log, edition }: BootstrapContext,
  client: NonNullable<BootstrapSettings['client']>,
) => {
  const applications = operationsOf('application');
  const context = systemContext(DEFAULT_TENANT_ID, 'bootstrap', { edition });
  const exists = await applications.get(context, client.id).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    },
  );
  if (exists) return;
  await applications.create(
    context,
    {
      name: 'Bootstrap client',
      description: 'Created at start from GATEHOUSE_BOOTSTRAP_CLIENT_ID',
      type: 'MachineToMachine',
    },
    undefined,
    { id: client.id, secret: client.secret },
  );
  const { rows } = await db.withTenant(DEFAULT_TENANT_ID, (tx) =>
    tx.query<{ id: string }>("SELECT id FROM roles WHERE tenant_id = $1 AND name = $2 AND type = 'MachineToMachine'", [
      DEFAULT_TENANT_ID,
      MANAGEMENT_ROLE_NAME,
    ]),
  );
  const roleId = rows[0]?.id;
  if (!roleId) throw new Error(`The ${DEFAULT_TENANT_ID} tenant has no "${MANAGEMENT_ROLE_NAME}" role`);
  await applications.links.link(context, 'roles', [client.id], { roleIds: [roleId] });
  log.info({ clientId: client.id }, 'created the machine-to-machine application from the environment');
};

/** The console's administrator role grants the QA scope too (kept once given, as any grant an administrator made). */
const ensureQaAccess = async ({ db, log }: BootstrapContext) => {
  const granted = await db.withTenant(ADMIN_TENANT_ID, (tx) =>
    tx.query(
      `INSERT INTO roles_scopes (tenant_id, role_id, scope_id)
       SELECT r.tenant_id, r.id, s.id FROM roles r
       JOIN resources res ON res.tenant_id = r.tenant_id AND res.indicator = $3
       JOIN scopes s ON s.tenant_id = r.tenant_id AND s.resource_id = res.id AND s.name = $4
       WHERE r.tenant_id = $1 AND r.name = $2
       ON CONFLICT DO NOTHING RETURNING scope_id`,
      [ADMIN_TENANT_ID, defaultTenantAdminRole, managementApiIndicator(DEFAULT_TENANT_ID), QA_SCOPE],
    ),
  );
  if (granted.rows.length > 0) log.info({ scope: QA_SCOPE }, 'granted the QA scope to the console administrators');
};

/**
 * Creates what the GATEHOUSE_BOOTSTRAP_* variables describe when it is missing, through the operations the API and
 * the sign-in pages use. Runs under the start-up lock, so servers starting together create it once.
 */
export const applyBootstrap = async (context: BootstrapContext, settings: BootstrapSettings): Promise<void> => {
  if (!settings.admin && !settings.client && !settings.qa) return;
  await context.db.exclusive(async () => {
    if (settings.admin) await ensureAdmin(context, settings.admin);
    if (settings.client) await ensureClient(context, settings.client);
    if (settings.qa) await ensureQaAccess(context);
  });
};
