import { lackedScopes } from '../../shared/management-scopes.js';
import type { OpenWrite } from './open-write.js';

/**
 * Who is asking, for which tenant, with which rights: built once per request (or once per piece of server-initiated
 * work) and handed to every operation. Access checks, audit records and events read it; nothing below the routes
 * looks at the HTTP request again.
 */

/** Who a write is attributed to. */
export type Actor =
  /** A person, by user id: the subject of a console or end-user access token. */
  | { kind: 'user'; id: string }
  /** A machine-to-machine application, by client id. */
  | { kind: 'application'; id: string }
  /** Work the server starts itself (bootstrap, webhook deliveries); `id` names the work. */
  | { kind: 'system'; id: string }
  /** A caller without a token, on routes that need none or on a server without a bearer guard. */
  | { kind: 'anonymous' };

/** The edition a server runs as; descriptors say which editions serve each entity. */
export type ServerEdition = 'oss' | 'cloud';

/** Every scope: the caller is not limited by scopes (server-initiated work, or a server without a bearer guard). */
export const ALL_SCOPES = '*';

export interface RequestContext {
  tenantId: string;
  actor: Actor;
  /** The scopes the caller's token grants, or `'*'` when the caller is not limited by scopes. */
  scopes: readonly string[] | typeof ALL_SCOPES;
  edition: ServerEdition;
  /** The caller's language (negotiated from `Accept-Language`), for messages meant for people. */
  locale: string;
  /**
   * The public origin the caller reached the server at (the configured public URL, else the request's host), for
   * the server's own URLs in answers; unset for work the server starts itself.
   */
  origin?: string;
  /** Where the request came from, for audit records: address, user agent, and the client its token was issued to. */
  client?: { ip?: string; userAgent?: string; clientId?: string };
  /** What the server is set up with that a rule depends on (a secret vault, the protected apps' domain). */
  features?: ServerFeatures;
  /** The configuration change whose version this request's writes bring back: the history records them as restores. */
  restoring?: string;
  /**
   * A transaction every write made with this context joins (a configuration apply: all its writes commit together
   * or none does); each write's `after` steps run once it has committed.
   */
  join?: OpenWrite;
}

export interface ServerFeatures {
  /** A secret vault (SECRET_VAULT_KEK): connectors may store tokens. */
  secretVault?: boolean;
  /** The parent domain of protected apps' hosts (PROTECTED_APP_DOMAIN): protected apps are available. */
  protectedAppDomain?: string | undefined;
}

/** The context of work the server starts itself: all scopes, attributed to `system:<work>`. */
export const systemContext = (
  tenantId: string,
  work: string,
  options: { edition?: ServerEdition; locale?: string } = {},
): RequestContext => ({
  tenantId,
  actor: { kind: 'system', id: work },
  scopes: ALL_SCOPES,
  edition: options.edition ?? 'oss',
  locale: options.locale ?? 'en',
});

/** The scopes of `required` the context lacks (none when it is not limited by scopes). */
export const missingScopes = (context: RequestContext, required: readonly string[]): string[] =>
  context.scopes === ALL_SCOPES ? [] : lackedScopes(context.scopes, required);

/** A short, stable name of the actor for logs and audit records: `user:u1`, `application:a1`, `system:bootstrap`. */
export const actorName = (actor: Actor): string =>
  actor.kind === 'anonymous' ? 'anonymous' : `${actor.kind}:${actor.id}`;
