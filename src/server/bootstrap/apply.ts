import type { FastifyBaseLogger } from 'fastify';
import { UserStore } from '../../entities/user/server/account/store.js';
import { type RequestContext, type ServerEdition, systemContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import { ensureItem, ensureLinked } from '../crud/ensure.js';
import type { Entity } from '../crud/repository.js';
import type { Database } from '../db/database.js';
import { MANAGEMENT_ROLE_NAME } from '../tenants/seed.js';
import {
  ADMIN_TENANT_ID,
  consoleAccountRoles,
  DEFAULT_TENANT_ID,
  defaultTenantAdminRole,
  managementApiIndicator,
  QA_SCOPE,
} from '../tenants/urls.js';
import type { BootstrapSettings } from './settings.js';

interface BootstrapContext {
  db: Database;
  operationsOf: (name: string) => EntityOperations;
  log: FastifyBaseLogger;
  edition: ServerEdition;
}

/** The item of the context's tenant with these values (a natural key), read as the operations read. */
const findIn = (ops: EntityOperations, context: RequestContext, match: Entity) =>
  ops.tx(context, (tx) => ops.repository.findBy(tx, { tenantId: context.tenantId }, match));

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
    consoleAccountRoles,
  );
  if (created) log.info({ username: admin.username }, 'created the console administrator from the environment');
};

/** The machine-to-machine application, unless one with that id exists (its secret and roles are left alone). */
const ensureClient = async (
  { operationsOf, log, edition }: BootstrapContext,
  client: NonNullable<BootstrapSettings['client']>,
) => {
  const applications = operationsOf('application');
  const context = systemContext(DEFAULT_TENANT_ID, 'bootstrap', { edition });
  const role = await findIn(operationsOf('role'), context, { name: MANAGEMENT_ROLE_NAME });
  if (role?.type !== 'MachineToMachine') {
    throw new Error(`The ${DEFAULT_TENANT_ID} tenant has no "${MANAGEMENT_ROLE_NAME}" machine-to-machine role`);
  }
  const { created } = await ensureItem(
    applications,
    context,
    {
      name: 'Bootstrap client',
      description: 'Created at start from GATEHOUSE_BOOTSTRAP_CLIENT_ID',
      type: 'MachineToMachine',
    },
    { by: ['id'], serverValues: { id: client.id, secret: client.secret } },
  );
  if (!created) return;
  await applications.links.link(context, 'roles', [client.id], { roleIds: [role.id as string] });
  log.info({ clientId: client.id }, 'created the machine-to-machine application from the environment');
};

/** The console's administrator role grants the QA scope too (kept once given, as any grant an administrator made). */
const ensureQaAccess = async ({ operationsOf, log, edition }: BootstrapContext) => {
  const context = systemContext(ADMIN_TENANT_ID, 'bootstrap', { edition });
  const roles = operationsOf('role');
  const role = await findIn(roles, context, { name: defaultTenantAdminRole });
  const resource = await findIn(operationsOf('resource'), context, {
    indicator: managementApiIndicator(DEFAULT_TENANT_ID),
  });
  const scope = resource && (await findIn(operationsOf('scope'), context, { resourceId: resource.id, name: QA_SCOPE }));
  if (!role || !scope)
    throw new Error(`The ${ADMIN_TENANT_ID} tenant lacks the "${defaultTenantAdminRole}" role or its API`);
  const granted = await ensureLinked(roles, context, 'scopes', [role.id as string], [scope.id as string]);
  if (granted.length > 0) log.info({ scope: QA_SCOPE }, 'granted the QA scope to the console administrators');
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
