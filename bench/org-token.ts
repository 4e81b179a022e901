/**
 * The database work of a refresh_token grant, plain and for an organization, captured from the code the grant runs
 * (the provider's storage adapter, the account lookup, and the organization checks) so it can be replayed raw. The
 * HTTP grant itself needs a signed-in session; these are the statements it sends, without the token signing.
 */

import { UserStore } from '../src/entities/user/server/account/store.js';
import { generatedCatalog } from '../src/server/catalog.js';
import type { Database } from '../src/server/db/database.js';
import { createAdapterClass } from '../src/server/oidc/adapter.js';
import { ClientStore } from '../src/server/oidc/clients.js';
import { OrganizationGrants } from '../src/server/oidc/organization-grants.js';
import { buildOperations } from '../src/server/operations.js';
import { DEFAULT_TENANT_ID } from '../src/shared/tenant-ids.js';
import { BUSY_USER, LARGE_ORGANIZATION } from './org-seed.js';
import { recordingDatabase, type Unit } from './user-raw.js';

const GRANT_ID = 'bench-grant';
const TOKEN_ID = 'bench-refresh-token';
const SCOPE = 'openid offline_access urn:logto:scope:organizations';

/** A grant and its refresh token for the busy user, stored as the provider stores them. */
const storeGrant = async (db: Database) => {
  const Adapter = createAdapterClass(db, DEFAULT_TENANT_ID, new ClientStore(db, DEFAULT_TENANT_ID, {}));
  const payload = { accountId: BUSY_USER, clientId: 'bench-app', grantId: GRANT_ID, scope: SCOPE };
  await new Adapter('Grant').upsert(GRANT_ID, { ...payload, jti: GRANT_ID, kind: 'Grant' }, 3600);
  await new Adapter('RefreshToken').upsert(TOKEN_ID, { ...payload, jti: TOKEN_ID, kind: 'RefreshToken' }, 3600);
};

/** The lookups and writes of a refresh_token grant; with `organizationId`, also the organization checks. */
const grantWork = async (db: Database, organizationId?: string) => {
  const Adapter = createAdapterClass(db, DEFAULT_TENANT_ID, new ClientStore(db, DEFAULT_TENANT_ID, {}));
  const tokens = new Adapter('RefreshToken');
  await tokens.find(TOKEN_ID);
  await new Adapter('Grant').find(GRANT_ID);
  const { operationsOf } = buildOperations({ db });
  await new UserStore(db, () => operationsOf('user')).findById(DEFAULT_TENANT_ID, BUSY_USER);
  if (organizationId) {
    const organizations = new OrganizationGrants(db, DEFAULT_TENANT_ID, generatedCatalog().models);
    await organizations.isMember('user', organizationId, BUSY_USER);
    await organizations.lacksRequiredMfa(organizationId, BUSY_USER);
    await organizations.organizationScopes('user', organizationId, BUSY_USER);
  }
  // Rotation: the used token is consumed and a new one stored (here the same row, written again).
  await tokens.consume(TOKEN_ID);
  await tokens.upsert(TOKEN_ID, { accountId: BUSY_USER, grantId: GRANT_ID, jti: TOKEN_ID, kind: 'RefreshToken' }, 3600);
};

/** The statements of a plain grant and of an organization grant (for the large organization), each one request. */
export const captureGrants = async (db: Database): Promise<{ plain: Unit[][]; organization: Unit[][] }> => {
  await storeGrant(db);
  const capture = async (organizationId?: string) => {
    const units: Unit[] = [];
    await grantWork(recordingDatabase(db, units), organizationId);
    return [units];
  };
  return { plain: await capture(), organization: await capture(LARGE_ORGANIZATION) };
};
