import type { AuditEntry, AuditSink } from '../crud/stages.js';
import type { AuditLogWriter } from './writer.js';

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

/**
 * The key of a management write: `ManagementApi.<Entity>.<Create|Update|Delete|Link|Unlink|...>`, an action by its
 * own key (`ManagementApi.User.Password`). Logto keeps no log of management writes; the prefix keeps these apart
 * from its interaction and token keys.
 */
export const managementLogKey = (entry: AuditEntry): string =>
  `ManagementApi.${pascal(entry.entity)}.${pascal(entry.action ?? entry.kind)}`;

/**
 * The write pipeline's audit stage, into the audit log: one entry per committed write made by a caller (a user or
 * an application). Work the server starts itself (bootstrap, registration) is logged by the flows that start it,
 * and server-computed fields (`setInternal`: sign-in times, a rotated key) by the action or flow around them. The
 * payload names what was written, never the values.
 */
export class AuditLogSink implements AuditSink {
  constructor(private readonly writer: AuditLogWriter) {}

  record(entry: AuditEntry): void {
    if (entry.actor.startsWith('system:') || entry.kind === 'setInternal') return;
    const [kind, ...rest] = entry.actor.split(':');
    const actorId = rest.join(':');
    this.writer.record({
      tenantId: entry.tenantId,
      key: managementLogKey(entry),
      result: 'Success',
      userId: kind === 'user' ? actorId : undefined,
      applicationId: kind === 'application' ? actorId : entry.client?.clientId,
      client: { ip: entry.client?.ip, userAgent: entry.client?.userAgent },
      details: {
        actor: entry.actor,
        entity: entry.entity,
        operation: entry.kind,
        ...(entry.id ? { entityId: entry.id } : {}),
        ...(entry.relation ? { relation: entry.relation } : {}),
        ...(entry.action ? { action: entry.action } : {}),
      },
      at: entry.at,
    });
  }
}

/** Sends every audit record to each sink (the audit log, and the in-memory list the app exposes). */
export const bothSinks = (...sinks: AuditSink[]): AuditSink => ({
  async record(entry) {
    for (const sink of sinks) await sink.record(entry);
  },
});
