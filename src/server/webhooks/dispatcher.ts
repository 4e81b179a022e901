import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Hook } from '../../generated/types.js';
import { generateId } from '../crud/ids.js';
import type { EntityOperations, RequestContext } from '../crud/operations.js';
import type { Entity } from '../crud/repository.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';

export const SIGNATURE_HEADER = 'logto-signature-sha-256';
const TIMEOUT_MS = 10_000;
const RETRY_BASE_MS = 200;

export const sign = (signingKey: string, body: string) => createHmac('sha256', signingKey).update(body).digest('hex');

/** Where and how a hook is called (the hook schema's `config`). */
type HookConfig = Hook['config'];

interface HookRow {
  id: string;
  signing_key: string;
  config: HookConfig;
}

/**
 * Calls the tenant's enabled webhooks that subscribe to an event, off the request path: each delivery is signed
 * with the hook's key, retried with backoff, and recorded as a hook log (shown under "Recent requests").
 */
export class WebhookDispatcher {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly logs: () => EntityOperations,
    private readonly log: FastifyBaseLogger,
  ) {}

  emit(context: RequestContext, event: string, data: Entity) {
    const delivery = this.deliverAll(context, event, data).catch((error: unknown) => {
      this.log.error({ err: error, event }, 'webhook dispatch failed');
    });
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  async idle() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliverAll(context: RequestContext, event: string, data: Entity) {
    const { rows } = await this.db.withTenant(context.tenantId, (tx) =>
      tx.query<HookRow>(
        `SELECT id, signing_key, config FROM hooks WHERE tenant_id = $1 AND enabled AND events @> $2::jsonb`,
        [context.tenantId, JSON.stringify([event])],
      ),
    );
    await Promise.all(rows.map((hook) => this.deliver(context, hook, event, data)));
  }

  private async deliver(context: RequestContext, hook: HookRow, event: string, data: Entity) {
    const body = JSON.stringify({ hookId: hook.id, event, createdAt: new Date().toISOString(), data });
    const outcome = await send(
      hook.config,
      hook.signing_key,
      body,
      1 + Math.min(3, Math.max(0, hook.config.retries ?? 3)),
    );
    await this.db.withTenant(context.tenantId, (tx) =>
      this.logs().repository.insert(tx, context.tenantId, {
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
    if (!outcome.ok) {
      throw new ApiError('hook.send_test_payload_failed', {
        message: outcome.error ?? `the endpoint answered ${outcome.statusCode}`,
      });
    }
  }
};
