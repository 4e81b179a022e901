import { type ServerEdition, systemContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import type { Database } from '../db/database.js';
import type { SmtpConfig } from '../messages/smtp.js';
import { adminMailTemplates } from './admin-emails.js';
import { ADMIN_TENANT_ID } from './urls.js';

const SMTP_CONNECTOR = 'simple-mail-transfer-protocol';

/**
 * ADMIN_SMTP_URL (`smtp://user:password@host:port?from=address`, or `smtps://`): the mail server console users' own
 * messages go through. Unset: none. Anything else refuses the start with the reason.
 */
export const readAdminSmtpUrl = (value: string | undefined): SmtpConfig | undefined | string => {
  if (!value) return undefined;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    return 'ADMIN_SMTP_URL must be an smtp(s) URL such as smtp://user:password@mail.example.com:587?from=noreply@example.com';
  }
  const fromEmail = url.searchParams.get('from');
  if (!fromEmail?.includes('@')) return 'ADMIN_SMTP_URL must name the sender as ?from=noreply@example.com';
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : {},
    fromEmail,
    templates: adminMailTemplates(),
  };
};

/** A connector of the admin tenant an operator sets up: the factory, its configuration and metadata. */
export interface AdminConnector {
  connectorId: string;
  config: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/**
 * ADMIN_SOCIAL_CONNECTORS: a JSON array of `{connectorId, config, metadata}`, the social connectors console users may
 * link their accounts of (cloud profile). Unset: none. Not an array of such objects: the reason.
 */
export const readAdminSocialConnectors = (value: string | undefined): AdminConnector[] | string => {
  if (!value) return [];
  const reason = 'ADMIN_SOCIAL_CONNECTORS must be a JSON array of {"connectorId", "config", "metadata"} objects';
  try {
    const parsed: unknown = JSON.parse(value);
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (entry) =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as AdminConnector).connectorId === 'string' &&
          typeof (entry as AdminConnector).config === 'object',
      );
    return valid ? (parsed as AdminConnector[]) : reason;
  } catch {
    return reason;
  }
};

/**
 * Gives the admin tenant the connectors of ADMIN_SMTP_URL and ADMIN_SOCIAL_CONNECTORS at start, through the
 * connector's operations (their rules hold; one the rules refuse stops the start): one of the same factory and
 * target is updated, another created. Console users then receive their codes and invitations, and link accounts.
 */
export const configureAdminConnectors = async (
  deps: { db: Database; operationsOf: (entity: string) => EntityOperations; edition: ServerEdition },
  wanted: AdminConnector[],
) => {
  const connectors = deps.operationsOf('connector');
  const context = systemContext(ADMIN_TENANT_ID, 'admin-connectors', { edition: deps.edition });
  for (const connector of wanted) {
    const target = connector.metadata?.target;
    const sameFactory = await deps.db.read(ADMIN_TENANT_ID, (tx) =>
      connectors.repository.listByColumn(tx, ADMIN_TENANT_ID, 'connector_id', [connector.connectorId]),
    );
    const existing = sameFactory.find(
      (stored) => target === undefined || (stored.metadata as { target?: unknown } | null)?.target === target,
    );
    if (existing) await connectors.update(context, String(existing.id), { config: connector.config });
    else await connectors.create(context, { ...connector });
  }
};

/** The admin tenant's mail connector of ADMIN_SMTP_URL's settings. */
export const adminMailConnector = (config: SmtpConfig): AdminConnector => ({ connectorId: SMTP_CONNECTOR, config });
