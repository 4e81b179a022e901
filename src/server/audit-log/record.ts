import type { FastifyRequest } from 'fastify';

/** How an audited event ended (Logto's `LogResult`). */
export type LogResult = 'Success' | 'Error';

/** Where a request came from, as the audit log shows it. */
export interface LogClient {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** One audit log entry to write: the filtered columns, where it came from, and what the event adds. */
export interface LogRecord {
  tenantId: string;
  /** Logto's log key, e.g. `Interaction.SignIn.Submit`, `ExchangeTokenBy.RefreshToken`. */
  key: string;
  result: LogResult;
  userId?: string | undefined;
  applicationId?: string | undefined;
  client?: LogClient | undefined;
  /** The error of a failed event: a code and a message, never the input that caused it. */
  error?: { code?: string; message?: string } | string | undefined;
  /** What the event adds to the payload (identifier type, grant type, entity written...). */
  details?: Record<string, unknown>;
  /** When it happened (default: when it was recorded), Unix milliseconds. */
  at?: number;
}

/** The client of a request: its address and user agent. */
export const clientOf = (request: FastifyRequest): LogClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * Keys whose values are secrets. Payloads are built from chosen fields, never from request bodies; this is the
 * second line: whatever slips in under one of these names is dropped before the entry is stored.
 */
const SECRET_KEY =
  /pass(word|code)?|secret|token|digest|hash|credential|authorization|cookie|private|signing|verifier/i;

/** The value with every secret-named key removed, at any depth. */
export const withoutSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, item]) => [key, withoutSecrets(item)]),
  );
};

/** Logto's payload: key, result, who and where, then the event's details and error. */
export const payloadOf = (record: LogRecord): Record<string, unknown> => {
  const payload: Record<string, unknown> = {
    ...(withoutSecrets(record.details ?? {}) as Record<string, unknown>),
    key: record.key,
    result: record.result,
  };
  if (record.userId) payload.userId = record.userId;
  if (record.applicationId) payload.applicationId = record.applicationId;
  if (record.client?.ip) payload.ip = record.client.ip;
  if (record.client?.userAgent) payload.userAgent = record.client.userAgent.slice(0, 512);
  if (record.error !== undefined) payload.error = withoutSecrets(record.error);
  return payload;
};
