/**
 * The one query layer: PostgreSQL through either an embedded PGlite or a Postgres server, same SQL for both.
 * Values come back in one shape on both drivers: int8 as number, timestamptz as Date, jsonb as parsed JSON.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements (no parameters), such as a migration. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction: everything it writes lands, or nothing does. `prelude` (statements without
   * parameters) runs first, sent together with BEGIN where the driver allows it.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, prelude?: string): Promise<T>;
  /**
   * Runs `work` in one transaction as the tenant database role with `gatehouse.tenant_id` set: row-level security
   * then limits every statement to that tenant's rows, even one that forgets its `tenant_id` filter.
   */
  withTenant<T>(tenantId: string, work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs read-only `work` as the tenant, like `withTenant` but with each statement in a read-only transaction of its
   * own where that saves round trips (Postgres: the tenant's settings, the statement and COMMIT go out in one write
   * and come back in one answer). Under READ COMMITTED the statements of one transaction see no common snapshot
   * either, so a read loses nothing; a write is refused (25006).
   */
  read<T>(tenantId: string, work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while holding the database's start-up lock: migrations, seeding and bootstrap run one process at a
   * time, so servers started together on one database neither race nor duplicate what they create. On Postgres it
   * is a session-level advisory lock held on a dedicated connection (released when that connection ends, even if
   * the process dies); `work` queries through the database as usual.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL error codes the operations translate into API errors. */
export const pgErrorCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

export const pgErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;

export const pgConstraint = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'constraint' in error
    ? String((error as { constraint: unknown }).constraint)
    : undefined;

export const TENANT_ROLE = 'gatehouse_tenant';

/** The advisory lock key of `exclusive` (any 64-bit number; `hashtext` keeps it readable in pg_locks queries). */
export const STARTUP_LOCK_SQL = "hashtext('gatehouse.startup')";
const TENANT_ID = /^[a-z0-9][a-z0-9-]{0,20}$/;

/** The statements that make a transaction the tenant's (without parameters: they go out with BEGIN). */
export const tenantPrelude = (tenantId: string) => {
  if (!TENANT_ID.test(tenantId)) throw new Error(`Invalid tenant id ${JSON.stringify(tenantId)}`);
  return `SELECT set_config('gatehouse.tenant_id', '${tenantId}', true); SET LOCAL ROLE ${TENANT_ROLE};`;
};

/** Builds `withTenant` on top of a driver's `transaction`. */
export const tenantTransaction =
  (transaction: Database['transaction']): Database['withTenant'] =>
  async (tenantId, work) =>
    transaction(work, tenantPrelude(tenantId));

/** Builds `read` as one read-only tenant transaction, for a driver without round trips to save. */
export const tenantReadTransaction =
  (transaction: Database['transaction']): Database['read'] =>
  async (tenantId, work) =>
    transaction(work, `SET TRANSACTION READ ONLY; ${tenantPrelude(tenantId)}`);
