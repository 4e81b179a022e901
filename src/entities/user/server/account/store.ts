import type { UserRecord } from '../../../../generated/records.js';
import type { RequestContext } from '../../../../server/crud/context.js';
import type { CreateSteps, EntityOperations } from '../../../../server/crud/contracts.js';
import type { OpenWrite } from '../../../../server/crud/pipeline.js';
import type { Database, Queryable } from '../../../../server/db/database.js';
import type { EntityModel } from '../../../../shared/descriptor.js';
import { phoneNumberForms } from '../phone-number.js';
import { caseInsensitiveUsernames } from '../username-case.js';
import { MfaWrites } from './mfa-writes.js';
import { hashPassword, needsRehash, PASSWORD_METHOD } from './passwords.js';
import { signInContext } from './sign-in-context.js';
import { SocialIdentities } from './social-identities.js';

/** The user's side of the user-role relation (`/api/users/{userId}/roles`). */
const ROLES = 'roles';

/** A user as the server sees it, private fields included; `publicView(model)` (crud/routes.ts) is what may leave it. */
export type { UserRecord };

/** An identifier's rule in the user schema: its pattern and its longest length. */
export interface IdentifierRule {
  pattern: RegExp;
  maxLength: number;
}

/** The identifier rules of a user model's schema, shared with the registration form and the bootstrap settings. */
export const identifierRules = (model: EntityModel): { username: IdentifierRule; email: IdentifierRule } => {
  const property = (name: string) => model.schema.properties?.[name] as { pattern?: string; maxLength?: number };
  return {
    username: {
      pattern: new RegExp(property('username').pattern ?? '^[A-Z_a-z]\\w*$'),
      maxLength: property('username').maxLength ?? 128,
    },
    email: {
      pattern: new RegExp(property('primaryEmail').pattern ?? '^\\S+@\\S+\\.\\S+$'),
      maxLength: property('primaryEmail').maxLength ?? 128,
    },
  };
};

/** How the sign-in form's identifier names an account. */
export const identifierKind = (identifier: string): 'email' | 'phone' | 'username' =>
  identifier.includes('@')
    ? 'email'
    : /^\+?[\d\s()-]+$/.test(identifier) && /\d/.test(identifier)
      ? 'phone'
      : 'username';

/** A phone number as typed, and as digits with and without a leading `+` (stored numbers are matched exactly). */
export interface NewUser {
  username?: string | null;
  /** The name an identity provider told (a single sign-on's new account). */
  name?: string | undefined;
  primaryEmail?: string | null;
  primaryPhone?: string | null;
  /** None for an account that signs in by verification codes only. */
  password?: string | undefined;
  /** A password already hashed (by Gatehouse: an Experience API sign-up never keeps the password as typed). */
  passwordHash?: { encrypted: string; method: string } | undefined;
  /** Profile claims and custom data the sign-up page's custom profile fields collected. */
  profile?: Record<string, unknown>;
  customData?: Record<string, unknown>;
}

/** The tenant already has an account, so it takes no first one. */
class AccountsExist extends Error {}

/**
 * Users of one tenant, always read and written in that tenant's transaction (row-level security on). Reads for
 * sign-in are direct; every write goes through the user entity's operations (validation, the password hashed by
 * its server hook, audit).
 */
export class UserStore {
  /** The sign-in pages' writes of the users' MFA factors. */
  readonly mfa: MfaWrites;
  /** The sign-in pages' reads and writes of the users' social identities. */
  readonly identities: SocialIdentities;

  constructor(
    private readonly db: Database,
    private readonly operations: () => EntityOperations,
  ) {
    this.mfa = new MfaWrites(operations);
    this.identities = new SocialIdentities(db, operations);
  }

  /** The identifier rules of the user schema the server serves. */
  get rules() {
    return identifierRules(this.operations().model);
  }

  private get users() {
    return this.operations().repository;
  }

  private toUser(row: Record<string, unknown>): UserRecord {
    return this.users.fromRow(row) as unknown as UserRecord;
  }

  /**
   * By email (case-insensitive) when the identifier has an `@`, by phone number when it looks like one (a username
   * starts with a letter or an underscore, so the two never meet), else by username (exact, or in any letter case
   * where the tenant's `usernamePolicy` is case-insensitive).
   */
  findByIdentifier(tenantId: string, identifier: string): Promise<UserRecord | undefined> {
    const kind = identifierKind(identifier);
    const select = this.users.model.columns.map((c) => `"${c.column}"`).join(', ');
    const sql = {
      email: `SELECT ${select} FROM users WHERE tenant_id = $1 AND lower(primary_email) = lower($2) ORDER BY created_at LIMIT 1`,
      phone: `SELECT ${select} FROM users WHERE tenant_id = $1 AND primary_phone = ANY($2::varchar[]) ORDER BY created_at LIMIT 1`,
      // Exactly as typed, or in any letter case where the tenant's username policy says so (the exact one first).
      username: `SELECT ${select} FROM users WHERE tenant_id = $1
        AND (username = $2 OR (lower(username) = lower($2) AND ${caseInsensitiveUsernames}))
        ORDER BY username = $2 DESC, created_at LIMIT 1`,
    }[kind];
    return this.db.withTenant(tenantId, async (tx) => {
      const { rows } = await tx.query(sql, [tenantId, kind === 'phone' ? phoneNumberForms(identifier) : identifier]);
      return rows[0] ? this.toUser(rows[0]) : undefined;
    });
  }

  findById(tenantId: string, id: string): Promise<UserRecord | undefined> {
    return this.db.withTenant(tenantId, async (tx) => {
      const found = await this.users.find(tx, { tenantId }, id);
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

  /** Creates a user from a username, an optional email and a password (hashed by the user's server hook). */
  async create(context: RequestContext, input: NewUser, steps?: CreateSteps): Promise<UserRecord> {
    const body = {
      username: input.username ?? null,
      primaryEmail: input.primaryEmail ?? null,
      ...(input.primaryPhone ? { primaryPhone: input.primaryPhone } : {}),
      ...(input.name ? { name: input.name.slice(0, 128) } : {}),
      ...(input.password !== undefined ? { password: input.password } : {}),
      ...(input.passwordHash
        ? { passwordDigest: input.passwordHash.encrypted, passwordAlgorithm: input.passwordHash.method }
        : {}),
      ...(input.profile ? { profile: input.profile } : {}),
      ...(input.customData ? { customData: input.customData } : {}),
    };
    const created = await this.operations().create(context, body, undefined, undefined, steps);
    return created as unknown as UserRecord;
  }

  /**
   * Creates a tenant's first account with the named roles, unless the tenant has one already (then undefined).
   * Registration and bootstrap queue behind one lock, so there is one first account.
   */
  async createFirst(context: RequestContext, input: NewUser, roleNames: string[]): Promise<UserRecord | undefined> {
    const { tenantId } = context;
    try {
      return await this.create(context, input, {
        first: async (tx) => {
          await this.lockRegistration(tx, tenantId);
          if ((await this.count(tenantId, tx)) > 0) throw new AccountsExist();
        },
        after: (_tx, created, open) => this.assignRolesByName(open, context, created.id as string, roleNames),
      });
    } catch (error) {
      if (error instanceof AccountsExist) return undefined;
      throw error;
    }
  }

  /** Creates an account with the roles of these names (those that exist), in the account's creating write. */
  createWithRoles(context: RequestContext, input: NewUser, roleNames: string[]): Promise<UserRecord> {
    return this.create(context, input, {
      after: (_tx, created, open) => this.assignRolesByName(open, context, created.id as string, roleNames),
    });
  }

  /**
   * Gives the user the roles with these names (missing names are ignored), inside the write `open`, as an assignment
   * of the user's roles: the relation's check (user roles only), the audit and the events apply as to one through the
   * API.
   */
  async assignRolesByName(open: OpenWrite, context: RequestContext, userId: string, roleNames: string[]) {
    const roles = this.operations().links;
    const { target } = roles.relation(ROLES);
    const found = await target.repository.listByColumn(open.tx, context.tenantId, 'name', roleNames);
    if (found.length === 0) return;
    await roles.link(context, ROLES, [userId], { roleIds: found.map((role) => role.id as string) }, open);
  }

  /** Stores a new password (Argon2id) the user set by resetting a forgotten one, as a write on their own account. */
  async resetPassword(tenantId: string, userId: string, password: string) {
    await this.storePasswordHash(tenantId, userId, {
      encrypted: await hashPassword(password),
      method: PASSWORD_METHOD,
    });
  }

  /** Changes the user's own account (the Account API), through the user's operations: its rules and uniqueness hold. */
  async updateOwn(tenantId: string, userId: string, patch: Record<string, unknown>) {
    await this.operations().update(signInContext(tenantId, userId), userId, patch);
    return (await this.findById(tenantId, userId)) as UserRecord;
  }

  /** Stores a password hashed already (by Gatehouse), as a write of the user on their own account. */
  async storePasswordHash(tenantId: string, userId: string, hash: { encrypted: string; method: string }) {
    await this.operations().setInternal(signInContext(tenantId, userId), userId, {
      passwordEncrypted: hash.encrypted,
      passwordEncryptionMethod: hash.method,
    });
  }

  /**
   * Changes a user as a sign-in action asked: the fields given (custom data merged into the stored), through the
   * user's operations (its rules and uniqueness hold), and the password that signed in, when given.
   */
  async updateFromAction(tenantId: string, userId: string, patch: Record<string, unknown>, password?: string) {
    const stored = await this.findById(tenantId, userId);
    const merge = typeof patch.customData === 'object' && patch.customData !== null;
    const body = merge ? { ...patch, customData: { ...stored?.customData, ...(patch.customData as object) } } : patch;
    if (Object.keys(body).length > 0) await this.operations().update(signInContext(tenantId, userId), userId, body);
    if (password) await this.resetPassword(tenantId, userId, password);
    return (await this.findById(tenantId, userId)) as UserRecord;
  }

  /**
   * Records a sign-in, as a write of the user on their own account. The password that signed in replaces a hash
   * made elsewhere (imported) by Gatehouse's own, in the same write.
   */
  async touchSignIn(tenantId: string, userId: string, rehash?: { password: string; method: string | null }) {
    const password =
      rehash && needsRehash(rehash.method)
        ? { passwordEncrypted: await hashPassword(rehash.password), passwordEncryptionMethod: PASSWORD_METHOD }
        : {};
    await this.operations().setInternal(signInContext(tenantId, userId), userId, {
      lastSignInAt: Date.now(),
      ...password,
    });
  }
}
