import type { UserRecord, UserStore } from '../../entities/user/server/account/store.js';
import type { AuditLogWriter } from '../audit-log/writer.js';
import type { Database } from '../db/database.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import type { Interaction, Request } from './context.js';

/** Logto's interaction events, as they appear in log keys and webhook payloads. */
export type InteractionEvent = 'SignIn' | 'Register' | 'ForgotPassword';

const hookEvents: Record<InteractionEvent, string> = {
  SignIn: 'PostSignIn',
  Register: 'PostRegister',
  ForgotPassword: 'PostResetPassword',
};

/** What the sign-in form's identifier names: an email when it holds an `@`, else a username (as the lookup does). */
export const identifierType = (identifier: string): 'email' | 'username' =>
  identifier.includes('@') ? 'email' : 'username';

export interface AttemptRecord {
  event: InteractionEvent;
  /** The key below `Interaction.<event>`: `Verification.Password.Submit`, `Submit`... */
  step: string;
  result: 'Success' | 'Error';
  userId?: string | undefined;
  /** The kind of identifier typed (`username`, `email`); never the identifier itself nor the password. */
  identifier?: string | undefined;
  error?: { code: string; message?: string } | undefined;
}

/** The user as a webhook payload carries it: the profile without password fields nor MFA secrets and settings. */
const userPayload = (user: UserRecord) => {
  const {
    passwordEncrypted: _hash,
    passwordEncryptionMethod: _method,
    mfaVerifications: _mfa,
    logtoConfig: _config,
    ...rest
  } = user;
  return { ...rest, hasPassword: Boolean(_hash) };
};

/**
 * The sign-in pages' audit trail: every attempt as a Logto interaction log entry (`Interaction.SignIn.*`,
 * `Interaction.Register.*`, `Interaction.ForgotPassword.*`), and the interaction webhooks (`PostSignIn`,
 * `PostRegister`, `PostResetPassword`) once a flow succeeds.
 */
export const interactionAudit = (options: {
  db: Database;
  users: UserStore;
  auditLog?: AuditLogWriter | undefined;
  webhooks?: WebhookDispatcher | undefined;
}) => {
  const clientIdOf = (interaction: Interaction) => {
    const clientId = interaction.details.params.client_id;
    return typeof clientId === 'string' ? clientId : undefined;
  };
  const sessionIdOf = (interaction: Interaction) => interaction.details.uid;

  const record = (interaction: Interaction, request: Request, attempt: AttemptRecord) => {
    options.auditLog?.record({
      tenantId: interaction.tenantId,
      key: `Interaction.${attempt.event}.${attempt.step}`,
      result: attempt.result,
      userId: attempt.userId,
      applicationId: clientIdOf(interaction),
      client: { ip: request.ip, userAgent: request.headers['user-agent'] },
      details: {
        interactionEvent: attempt.event,
        sessionId: sessionIdOf(interaction),
        ...(attempt.identifier ? { identifier: { type: attempt.identifier } } : {}),
      },
      ...(attempt.error ? { error: attempt.error } : {}),
    });
  };

  /** An entry under a key of its own (`Action.PostSignIn`), with the interaction's application and session. */
  const recordEntry = (
    interaction: Interaction,
    request: Request,
    entry: {
      key: string;
      result: 'Success' | 'Error';
      userId?: string | undefined;
      error?: { code: string; message?: string };
    },
  ) => {
    options.auditLog?.record({
      tenantId: interaction.tenantId,
      key: entry.key,
      result: entry.result,
      userId: entry.userId,
      applicationId: clientIdOf(interaction),
      client: { ip: request.ip, userAgent: request.headers['user-agent'] },
      details: { sessionId: sessionIdOf(interaction) },
      ...(entry.error ? { error: entry.error } : {}),
    });
  };

  /** Announces a finished flow to the tenant's webhooks, with Logto's interaction payload. */
  const announce = (interaction: Interaction, request: Request, event: InteractionEvent, userId: string) => {
    const { tenantId } = interaction;
    const applicationId = clientIdOf(interaction);
    const sessionId = sessionIdOf(interaction);
    const userAgent = request.headers['user-agent'];
    const userIp = request.ip;
    options.webhooks?.emitInteraction(tenantId, hookEvents[event], async () => {
      const user = await options.users.findById(tenantId, userId);
      const application = applicationId
        ? await options.db.withTenant(tenantId, async (tx) => {
            const { rows } = await tx.query<Record<string, unknown>>(
              'SELECT id, type, name, description FROM applications WHERE tenant_id = $1 AND id = $2',
              [tenantId, applicationId],
            );
            return rows[0];
          })
        : undefined;
      return {
        interactionEvent: event,
        sessionId,
        userAgent,
        userIp,
        userId,
        ...(user ? { user: userPayload(user) } : {}),
        ...(application ? { application } : {}),
      };
    });
  };

  /** Raises one of Logto's exception events (`Message.RateLimited`) with the request's agent and address. */
  const raise = (interaction: Interaction, request: Request, event: string, fields: Record<string, unknown>) => {
    const client = { userAgent: request.headers['user-agent'], ip: request.ip };
    options.webhooks?.raise(interaction.tenantId, event, { ...client, ...fields });
  };

  return { record, recordEntry, announce, raise };
};
