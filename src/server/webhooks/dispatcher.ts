import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { generateId } from '../crud/ids.js';
import type { EntityOperations, RequestContext } from '../crud/operations.js';
import type { Entity } from '../crud/repository.js';
import type { Database } from '../db/database.js';

export const SIGNATURE_HEADER = 'logto-signature-sha-256';
const TIMEOUT_MS = 10_000;
const RETRY_BASE_MS = 200;

export const sign = (signingKey: string, body: string) => createHmac('sha256', signingKey).update(body).digest('hex');

interface HookRow {
  id: string;
  signing_key: string;
  config: { url: string; headers?: Record<string, string>; retries?: number };
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
    const { rows } = await this.db.query<HookRow>(
      `SELECT id, signing_key, config FROM hooks WHERE tenant_id = $1 AND enabled AND events @> $2::jsonb`,
      [context.tenantId, JSON.stringify([event])],
    );
    await Promise.all(rows.map((hook) => this.deliver(context, hook, event, data)));
  }

  private async deliver(context: RequestContext, hook: HookRow, event: string, data: Entity) {
    const body = JSON.stringify({ hookId: hook.id, event, createdAt: new Date().toISOString(), data });
    const headers = {
      ...hook.config.headers,
      'content-type': 'application/json',
      'user-agent': 'Gatehouse webhooks',
      [SIGNATURE_HEADER]: sign(hook.signing_key, body),
    };
    const attempts = 1 + Math.min(3, Math.max(0, hook.config.retries ?? 3));
    let outcome: { statusCode?: number; body?: string; error?: string } = {};
    let attempt = 0;
    for (; attempt < attempts; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2 ** (attempt - 1)));
      try {
        const response = await fetch(hook.config.url, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        outcome = { statusCode: response.status, body: (await response.text()).slice(0, 2048) };
        if (response.ok) break;
      } catch (error) {
        outcome = { error: (error as Error).message };
      }
    }
    const success = outcome.statusCode !== undefined && outcome.statusCode < 300;
    await this.logs().repository.insert(this.db, context.tenantId, {
      id: generateId(),
      hookId: hook.id,
      key: `TriggerHook.${event}`,
      payload: {
        result: success ? 'Success' : 'Error',
        hookId: hook.id,
        event,
        url: hook.config.url,
        attempts: Math.min(attempt + 1, attempts),
        request: { body: JSON.parse(body) },
        ...(outcome.statusCode === undefined
          ? {}
          : { response: { statusCode: outcome.statusCode, body: outcome.body } }),
        ...(outcome.error ? { error: outcome.error } : {}),
      },
    });
  }
}
