import type { EntityModel } from '../../shared/descriptor.js';
import { initialPlan, type PlanId } from '../../shared/plans.js';
import { type TenantRole, tenantOrganizationId } from '../../shared/tenant-permissions.js';
import { type Actor, type RequestContext, type ServerEdition, systemContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import { generateId } from '../crud/ids.js';
import { Repository } from '../crud/repository.js';
import { deleteTenantData } from '../crud/tenant-data.js';
import type { Database, Queryable } from '../db/database.js';
import { seedTenant } from './seed.js';
import { ADMIN_TENANT_ID } from './urls.js';

/**
 * A cloud tenant's life (spec §9): created with its own data (the seed every tenant gets) and its membership
 * organization `t-{id}` in the admin tenant, whose first member, the creator, is its admin; deleted with all of it.
 */

export interface TenantLifecycleDeps {
  db: Database;
  operationsOf: (entity: string) => EntityOperations;
  edition: ServerEdition;
}

export interface NewTenant {
  name: string;
  tag: 'development' | 'production';
  regionName: string;
  /** A plan bought with the tenant (checkout), else the tag's initial plan; with the provider's customer. */
  planId?: PlanId;
  billingCustomerId?: string | null;
  billingSubscriptionId?: string | null;
}

/** Tenant ids as Logto makes them: six lowercase letters and digits. */
const TENANT_ID_LENGTH = 6;

const memberRepositories = (modelOf: (entity: string) => EntityModel) => ({
  members: new Repository(modelOf('organizationUser')),
  memberRoles: new Repository(modelOf('organizationUserRole')),
});

/** Makes a user a member of the tenant with one tenant role, in the admin tenant's transaction `tx`. */
export const addTenantMember = async (
  tx: Queryable,
  operationsOf: (entity: string) => EntityOperations,
  tenantId: string,
  userId: string,
  role: TenantRole,
) => {
  const { members, memberRoles } = memberRepositories((entity) => operationsOf(entity).model);
  const organizationId = tenantOrganizationId(tenantId);
  await members.insert(tx, ADMIN_TENANT_ID, { organizationId, userId });
  await memberRoles.insert(tx, ADMIN_TENANT_ID, { organizationId, userId, organizationRoleId: role });
};

/**
 * Creates a tenant for `creator`: its row, its seed, its organization with the creator as admin. The steps run in
 * the transactions of the tenants they write; when one fails, what the earlier ones wrote is deleted again, so a
 * failed create leaves no tenant behind.
 */
export const createTenant = async (
  deps: TenantLifecycleDeps,
  input: NewTenant,
  creator: { kind: 'user'; id: string },
) => {
  const { db, operationsOf, edition } = deps;
  const id = generateId(TENANT_ID_LENGTH);
  await operationsOf('tenant').repository.insert(db, id, {
    id,
    ...input,
    planId: input.planId ?? initialPlan(input.tag),
  });
  try {
    await seedTenant({ db, operationsOf, edition }, id, '');
    const context: RequestContext = { ...systemContext(ADMIN_TENANT_ID, 'cloud', { edition }), actor: creator };
    await operationsOf('organization').create(
      context,
      { name: input.name, description: `Members of the tenant ${id}` },
      undefined,
      { id: tenantOrganizationId(id) },
      { after: (tx) => addTenantMember(tx, operationsOf, id, creator.id, 'admin') },
    );
  } catch (error) {
    await deleteTenantData(db, id);
    throw error;
  }
  return id;
};

/** Deletes a tenant: its membership organization, every row of its data and its registry row. */
export const deleteTenant = async (deps: TenantLifecycleDeps, tenantId: string, actor: Actor) => {
  const { operationsOf, edition } = deps;
  const context: RequestContext = { ...systemContext(ADMIN_TENANT_ID, 'cloud', { edition }), actor };
  const organizations = operationsOf('organization');
  const organizationId = tenantOrganizationId(tenantId);
  const exists = await organizations.tx(context, (tx) =>
    organizations.repository.find(tx, { tenantId: ADMIN_TENANT_ID }, organizationId),
  );
  if (exists) await organizations.delete(context, organizationId);
  await deleteTenantData(deps.db, tenantId);
};
