import type { Database } from '../db/database.js';

/** Logto's session lifetime when the tenant has not set one: 14 days, in seconds. */
const DEFAULT_SESSION_TTL = 14 * 24 * 60 * 60;

/** The provider's paths that save a sign-in session: the authorization endpoint (and its resume) and sign-out. */
const SAVES_SESSION = /^\/(auth|session)(\/|$)/;

/**
 * The tenant's session lifetime (`/api/configs/oidc/session`), as the provider's synchronous TTL function needs it:
 * read again before each request that may save a session, so a change applies to the next sign-in at once, in every
 * process sharing the database.
 */
export class SessionTtl {
  private seconds = DEFAULT_SESSION_TTL;

  /** The lifetime in seconds, for the provider's `ttl.Session`. */
  readonly current = () => this.seconds;

  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
  ) {}

  async refreshFor(path: string): Promise<void> {
    if (!SAVES_SESSION.test(path)) return;
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ ttl: number }>('SELECT ttl FROM oidc_session_configs WHERE tenant_id = $1', [this.tenantId]),
    );
    this.seconds = rows[0]?.ttl ?? DEFAULT_SESSION_TTL;
  }
}
