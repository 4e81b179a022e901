import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Hook } from '../../generated/types.js';
import type { RequestContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import { generateId } from '../crud/ids.js';
import type { Entity } from '../crud/repository.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';

export const SIGNATURE_HEADER = 'logto-signature-sha-256';
const TIMEOUT_MS = 10_000;
const RETRY_BASE_MS = 200;

export const sign = (signingKey: string, body: string) => createHmac('sha256', signingKey).update(body).digest('hex');

/** Where and how a hook is called (the hook schema's `config`). */
type HookConfig = Hook['config'];

/** The body of one delivery, for the hook it goes to. */
type BodyOf = (hookId: string, createdAt: string) => Record<string, unknown>;

interface HookRow {
  id: string;
  signing_key: string;
  config: HookConfig;
}

/**
 * Calls the tenant's enabled webhooks that subscribe to an event, off the request path: each delivery is signed
 * with the hook's key, retried with backoff, and recorded as a hook log (shown under "Recent requests").
 * Deliveries go out side by side, as in Logto, so a slow or dead endpoint holds back nothing else; each body's
 * `createdAt` is the time its event happened (not of its delivery), the order a receiver can sort events by.
 */
export class WebhookDispatcher {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly logs: () => EntityOperations,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A data event (`Role.Created`...): the body carries the record as `data`. */
  emit(context: RequestContext, event: string, data: Entity) {
    this.start(context.tenantId, event, async () => (hookId, createdAt) => ({ hookId, event, createdAt, data }));
  }

  /** An event whose payload carries its fields at the top (`Organization.Membership.Updated`). */
  announce(context: RequestContext, event: string, fields: Record<string, unknown>) {
    this.start(context.tenantId, event, async () => (hookId, createdAt) => ({ hookId, event, createdAt, ...fields }));
  }

  /**
   * An event of no request's data (Logto's exception events: `Identifier.Lockout`, `Message.RateLimited`): the body
   * carries `fields` at its top.
   */
  raise(tenantId: string, event: string, fields: Record<string, unknown>) {
    this.start(tenantId, event, async () => (hookId, createdAt) => ({ hookId, event, createdAt, ...fields }));
  }

  /**
   * An interaction event (`PostSignIn`, `PostRegister`, `PostResetPassword`): the body carries Logto's interaction
   * fields (`interactionEvent`, `sessionId`, `userAgent`, `userIp`, `userId`, `user`, `application`) at its top.
   * `fields` is read only when a hook subscribes to the event.
   */
  emitInteraction(tenantId: string, event: string, fields: () => Promise<Record<string, unknown>>) {
    this.start(tenantId, event, async () => {
      const found = await fields();
      return (hookId, createdAt) => ({ hookId, event, createdAt, ...found });
    });
  }

  private start(tenantId: string, event: string, body: () => Promise<BodyOf>) {
    const createdAt = new Date().toISOString();
    const delivery = this.deliverAll(tenantId, event, createdAt, body).catch((error: unknown) => {
      this.log.error({ err: error, event }, 'webhook dispatch failed');
    });
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  async idle() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliverAll(tenantId: string, event: string, createdAt: string, prepare: () => Promise<BodyOf>) {
    const { rows } = await this.db.withTenant(tenantId, (tx) =>
      tx.query<HookRow>(
        `SELECT id, signing_key, config FROM hooks WHERE tenant_id = $1 AND enabled AND events @> $2::jsonb`,
        [tenantId, JSON.stringify([event])],
      ),
    );
    if (rows.length === 0) return;
    const bodyOf = await prepare();
    await Promise.all(rows.map((hook) => this.deliver(tenantId, hook, event, bodyOf(hook.id, createdAt))));
  }

  private async deliver(tenantId: string, hook: HookRow, event: string, payload: Record<string, unknown>) {
    const body = JSON.stringify(payload);
    const outcome = await send(
      hook.config,
      hook.signing_key,
      body,
      1 + Math.min(3, Math.max(0, hook.config.retries ?? 3)),
    );
    await this.db.withTenant(tenantId, (tx) =>
      this.logs().repository.insert(tx, tenantId, {
        id: generateId(),
        hookId: hook.id,
        key: `TriggerHook.${event}`,
        payload: {
          result: outcome.ok ? 'Success' : 'Error',
          hookId: hook.id,
          event,
          url: hook.config.url,
          attempts: outcome.attempts,
          request: { body: JSON.parse(body) },
          ...(outcome.statusCode === undefined
            ? {}
            : { response: { statusCode: outcome.statusCode, body: outcome.body } }),
          ...(outcome.error ? { error: outcome.error } : {}),
        },
      }),
    );
  }
}

interface Outcome {
  ok: boolean;
  attempts: number;
  statusCode?: number;
  body?: string;
  error?: string;
}

/** POSTs a signed body, retrying with exponential backoff until a 2xx answer or `attempts` tries. */
const send = async (config: HookConfig, signingKey: string, body: string, attempts: number): Promise<Outcome> => {
  const headers = {
    ...config.headers,
    'content-type': 'application/json',
    'user-agent': 'Gatehouse webhooks',
    [SIGNATURE_HEADER]: sign(signingKey, body),
  };
  let outcome: Outcome = { ok: false, attempts: 0 };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2 ** (attempt - 2)));
    try {
      const response = await fetch(config.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      outcome = {
        ok: response.ok,
        attempts: attempt,
        statusCode: response.status,
        body: (await response.text()).slice(0, 2048),
      };
    } catch (error) {
      outcome = { ok: false, attempts: attempt, error: (error as Error).message };
    }
    if (outcome.ok) break;
  }
  return outcome;
};

/**
 * Sends one sample payload per event to an endpoint (not necessarily the saved one), signed with the hook's key,
 * without retries or logs: the answer tells the administrator whether the endpoint works.
 */
export const sendTestPayloads = async (hookId: string, signingKey: string, events: string[], config: HookConfig) => {
  for (const event of events) {
    const body = JSON.stringify({ hookId, event, createdAt: new Date().toISOString(), data: { test: true } });
    const outcome = await send(config, signingKey, body, 1);
    // An endpoint that answers with an error is Logto's 422 with its status and body; one never reached, another.
    if (!outcome.ok && outcome.statusCode !== undefined) {
      throw new ApiError(
        'hook.endpoint_responded_with_error',
        {},
        {
          responseStatus: outcome.statusCode,
          responseBody: outcome.body ?? '',
        },
      );
    }
    if (!outcome.ok) throw new ApiError('hook.send_test_payload_failed', { message: outcome.error ?? 'Unknown error' });
  }
};
