import type { UserRecord } from '../../../../generated/records.js';
import type { EntityOperations } from '../../../../server/crud/contracts.js';
import type { Database } from '../../../../server/db/database.js';
import { signInContext } from './sign-in-context.js';

type Json = Record<string, unknown>;

/** A social identity as Logto keeps it under its target: the user's id at the platform, and what it told. */
export interface SocialIdentity {
  userId: string;
  details: Json;
}

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
        const { rows } = await tx.query(
          `SELECT 1 FROM users WHERE tenant_id = $1 AND id <> $2 AND identities -> $3 ->> 'userId' = $4 LIMIT 1`,
          [tenantId, userId, target, identity.userId],
        );
        if (rows.length > 0) return undefined;
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
}
