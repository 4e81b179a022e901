import type { Database } from '../db/database.js';

/** A protected app as its edge serves it. */
export interface ProtectedApp {
  tenantId: string;
  id: string;
  secret: string;
  host: string;
  origin: string;
  sessionDuration: number;
  pageRules: { path: string }[];
  additionalScopes: string[];
  /** The registered host the request came to (the app's own, or its custom domain). */
  requestHost: string;
}

interface Row {
  tenant_id: string;
  application_id: string;
  custom_domain: boolean;
  secret: string;
  metadata: {
    host: string;
    origin: string;
    sessionDuration?: number;
    pageRules?: { path: string }[];
    additionalScopes?: string[];
    customDomains?: { domain: string; status: string }[];
  } | null;
}

/**
 * The protected app a request's host names, across tenants (the hosts are unique across them): its own host, or
 * its custom domain once Active. Answers are kept for a few seconds (an unknown host too), so a page's many
 * requests read the database once.
 */
export const protectedAppHosts = (db: Database, keepMs = 5000) => {
  const kept = new Map<string, { at: number; app: ProtectedApp | undefined }>();
  const read = async (host: string): Promise<ProtectedApp | undefined> => {
    const { rows } = await db.query<Row>(
      `SELECT h.tenant_id, h.application_id, h.custom_domain, a.secret, a.protected_app_metadata AS metadata
         FROM protected_app_hosts h
         JOIN applications a ON a.tenant_id = h.tenant_id AND a.id = h.application_id
        WHERE h.host = $1 AND a.type = 'Protected'`,
      [host],
    );
    const row = rows[0];
    const metadata = row?.metadata;
    if (!row || !metadata) return undefined;
    const active = metadata.customDomains?.some((entry) => entry.domain === host && entry.status === 'Active');
    if (row.custom_domain && !active) return undefined;
    return {
      tenantId: row.tenant_id,
      id: row.application_id,
      secret: row.secret,
      host: metadata.host,
      origin: metadata.origin,
      sessionDuration: metadata.sessionDuration ?? 1_209_600,
      pageRules: metadata.pageRules ?? [],
      additionalScopes: metadata.additionalScopes ?? [],
      requestHost: host,
    };
  };
  return async (host: string) => {
    const now = Date.now();
    const hit = kept.get(host);
    if (hit && now - hit.at < keepMs) return hit.app;
    const app = await read(host);
    if (kept.size > 10_000) kept.clear();
    kept.set(host, { at: now, app });
    return app;
  };
};
