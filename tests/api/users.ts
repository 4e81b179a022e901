import { type NewUser, UserStore } from '../../src/entities/user/server/account/store.js';
import { systemContext } from '../../src/server/crud/context.js';
import type { Database } from '../../src/server/db/database.js';
import { buildOperations } from '../../src/server/operations.js';

/** The users of a database, written through the user entity's operations as the server writes them. */
export const userStore = (db: Database): UserStore => {
  const { operationsOf } = buildOperations({ db });
  return new UserStore(db, () => operationsOf('user'));
};

/** Creates a user in a tenant (validated, the password hashed by the user's server hook). */
export const createUser = (db: Database, tenantId: string, input: NewUser) =>
  userStore(db).create(systemContext(tenantId, 'test'), input);
