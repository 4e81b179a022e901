import { entityModels } from '../../generated/entities.js';
import type { EntityModel } from '../../shared/descriptor.js';
import { generateId } from '../crud/ids.js';
import { type Entity, Repository } from '../crud/repository.js';
import type { Database, Queryable } from '../db/database.js';
import { hashPassword, PASSWORD_METHOD } from './passwords.js';

const userModel = entityModels.find((model) => model.name === 'user') as EntityModel;
const users = new Repository(userModel);

/** A user as the server sees it, including the private fields; use `publicUser` before it leaves the server. */
export interface UserRecord {
  id: string;
  username: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  name: string | null;
  avatar: string | null;
  passwordEncrypted: string | null;
  passwordEncryptionMethod: string | null;
  profile: Record<string, unknown>;
  identities: Record<string, unknown>;
  customData: Record<string, unknown>;
  isSuspended: boolean;
  lastSignInAt: number | null;
  createdAt: number;
}

/** The user without its `x-private` fields (the password hash and its method). */
export const publicUser = (user: UserRecord): Entity =>
  Object.fromEntries(Object.entries(user).filter(([key]) => !userModel.privateFields.includes(key)));

/** The identifier rules of the user schema, shared with the registration form. */
const property = (name: string) => userModel.schema.properties?.[name] as { pattern?: string; maxLength?: number };
export const usernameRule = {
  pattern: new RegExp(property('username').pattern ?? '^[A-Z_a-z]\\w*$'),
  maxLength: property('username').maxLength ?? 128,
};
export const emailRule = {
  pattern: new RegExp(property('primaryEmail').pattern ?? '^\\S+@\\S+\\.\\S+$'),
  maxLength: property('primaryEmail').maxLength ?? 128,
};

const select = userModel.columns.map((c) => `"${c.column}"`).join(', ');
const toUser = (row: Record<string, unknown>) => users.fromRow(row) as unknown as UserRecord;

export interface NewUser {
  username: string;
  primaryEmail?: string | null;
  password: string;
}

/** Users of one tenant, always read and written in that tenant's transaction (row-level security on). */
export class UserStore {
  constructor(private readonly db: Database) {}

  /** By username (exact) or, when the identifier has an `@`, by email (case-insensitive). */
  findByIdentifier(tenantId: string, identifier: string): Promise<UserRecord | undefined> {
    const byEmail = identifier.includes('@');
    return this.db.withTenant(tenantId, async (tx) => {
      const { rows } = await tx.query(
        byEmail
          ? `SELECT ${select} FROM users WHERE tenant_id = $1 AND lower(primary_email) = lower($2) ORDER BY created_at LIMIT 1`
          : `SELECT ${select} FROM users WHERE tenant_id = $1 AND username = $2`,
        [tenantId, identifier],
      );
      return rows[0] ? toUser(rows[0]) : undefined;
    });
  }

  findById(tenantId: string, id: string): Promise<UserRecord | undefined> {
    return this.db.withTenant(tenantId, async (tx) => {
      const found = await users.find(tx, { tenantId }, id);
      return found as unknown as UserRecord | undefined;
    });
  }

  async count(tenantId: string, tx?: Queryable): Promise<number> {
    const run = async (q: Queryable) => {
      const { rows } = await q.query<{ n: number }>('SELECT count(*)::int8 AS n FROM users WHERE tenant_id = $1', [
        tenantId,
      ]);
      return Number(rows[0]?.n ?? 0);
    };
    return tx ? run(tx) : this.db.withTenant(tenantId, run);
  }

  /** Queues the transaction behind any other creating a tenant's first account (registration, bootstrap). */
  async lockRegistration(tx: Queryable, tenantId: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gatehouse.registration.${tenantId}`]);
  }

  /** Inserts a user with an argon2id hash of the password; every column is explicit (no database-side defaults). */
  async insert(tx: Queryable, tenantId: string, input: NewUser): Promise<UserRecord> {
    const created = await users.insert(tx, tenantId, {
      id: generateId(12),
      username: input.username,
      primaryEmail: input.primaryEmail ?? null,
      primaryPhone: null,
      name: null,
      avatar: null,
      passwordEncrypted: await hashPassword(input.password),
      passwordEncryptionMethod: PASSWORD_METHOD,
      profile: {},
      identities: {},
      customData: {},
      isSuspended: false,
      lastSignInAt: null,
    });
    return created as unknown as UserRecord;
  }

  /** Gives the user the roles with these names (missing names are ignored). */
  async assignRolesByName(tx: Queryable, tenantId: string, userId: string, roleNames: string[]): Promise<void> {
    await tx.query(
      `INSERT INTO users_roles (tenant_id, user_id, role_id)
       SELECT $1::varchar, $2::varchar, id FROM roles WHERE tenant_id = $1 AND type = 'User' AND name = ANY($3::varchar[])
       ON CONFLICT DO NOTHING`,
      [tenantId, userId, roleNames],
    );
  }

  touchSignIn(tenantId: string, userId: string): Promise<void> {
    return this.db.withTenant(tenantId, async (tx) => {
      await tx.query('UPDATE users SET last_sign_in_at = now() WHERE tenant_id = $1 AND id = $2', [tenantId, userId]);
    });
  }
}
