import type { UserRecord } from '../../../../generated/records.js';
import type { CreateSteps, EntityOperations } from '../../../../server/crud/contracts.js';
import type { Database, Queryable } from '../../../../server/db/database.js';
import { signInContext } from './sign-in-context.js';

type Json = Record<string, unknown>;

/** A social identity as Logto keeps it under its target: the user's id at the platform, and what it told. */
export interface SocialIdentity {
  userId: string;
  details: Json;
}

/** The platform user is another account's already (a racing first sign-in linked it first). */
export class IdentityTaken extends Error {}

/** Links of one platform user take turns (to the end of their transactions). */
const lockIdentity = (tx: Queryable, tenantId: string, target: string, platformUserId: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
    `gatehouse.identity.${tenantId}.${target}.${platformUserId}`,
  ]);

const heldByOther = async (tx: Queryable, tenantId: string, target: string, platformUserId: string, userId = '') => {
  const { rows } = await tx.query(
    `SELECT 1 FROM users WHERE tenant_id = $1 AND id <> $2 AND identities -> $3 ->> 'userId' = $4 LIMIT 1`,
    [tenantId, userId, target, platformUserId],
  );
  return rows.length > 0;
};

const objectOf = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/**
 * The sign-in pages' reads and writes of users' social identities (`identities`, by connector target). A link is a
 * change of the user under its row lock, refused when another user of the tenant holds the platform user meanwhile.
 */
export class SocialIdentities {
  constructor(
    private readonly db: Database,
    private readonly operations: () => EntityOperations,
  ) {}

  /** The user who holds the platform user `platformUserId` under `target`. */
  async holder(tenantId: string, target: string, platformUserId: string): Promise<UserRecord | undefined> {
    const users = this.operations().repository;
    return this.db.withTenant(tenantId, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM users WHERE tenant_id = $1 AND identities -> $2 ->> 'userId' = $3 ORDER BY created_at LIMIT 1`,
        [tenantId, target, platformUserId],
      );
      const id = rows[0]?.id;
      return id ? ((await users.find(tx, { tenantId }, id)) as unknown as UserRecord | undefined) : undefined;
    });
  }

  /**
   * Links the identity to the user (replacing one of the same target, so its details are the latest), and fills the
   * user's name and avatar from the platform where the user has none, or always with `sync` (the connector's
   * `syncProfile`). False when another user holds the platform user.
   */
  async link(
    tenantId: string,
    userId: string,
    target: string,
    identity: SocialIdentity,
    profile: { name?: string | undefined; avatar?: string | undefined } = {},
    sync = false,
  ): Promise<boolean> {
    const changed = await this.operations().changeInternal(
      signInContext(tenantId, userId),
      userId,
      async (user, tx) => {
        await lockIdentity(tx, tenantId, target, identity.userId);
        if (await heldByOther(tx, tenantId, target, identity.userId, userId)) return undefined;
        return {
          identities: { ...objectOf(user.identities), [target]: identity },
          ...((sync || !user.name) && profile.name ? { name: profile.name.slice(0, 128) } : {}),
          ...((sync || !user.avatar) && profile.avatar?.startsWith('https://')
            ? { avatar: profile.avatar.slice(0, 2048) }
            : {}),
        };
      },
    );
    return changed !== undefined;
  }

  /**
   * The steps that make a new account the identity's in its creating transaction: after the identity's lock, refused
   * (`IdentityTaken`, nothing created) when another account holds it, so of two first sign-ins racing one creates.
   */
  newAccountSteps(
    tenantId: string,
    target: string,
    identity: SocialIdentity,
    profile: { name?: string | undefined; avatar?: string | undefined } = {},
  ): CreateSteps {
    return {
      first: async (tx) => {
        await lockIdentity(tx, tenantId, target, identity.userId);
        if (await heldByOther(tx, tenantId, target, identity.userId)) throw new IdentityTaken();
      },
      after: async (tx, created) => {
        const values = {
          identities: { [target]: identity },
          ...(profile.name ? { name: profile.name.slice(0, 128) } : {}),
          ...(profile.avatar?.startsWith('https://') ? { avatar: profile.avatar.slice(0, 2048) } : {}),
        };
        await this.operations().repository.update(tx, { tenantId }, String(created.id), values);
      },
    };
  }
}
