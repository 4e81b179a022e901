import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/**
 * What the server logs, and what it never does: one info line per request (method, path, status, time) instead of
 * Fastify's two, query parameters that may carry secrets masked, no headers or bodies, and errors reduced to
 * fields that hold no request data (a database error's message and parameters may carry the values it refused).
 */

/** Query parameters whose values are masked in logged URLs (client secrets, codes, tokens, passwords, keys...). */
const SENSITIVE_PARAM = /secret|password|token|code|key|assertion|signature|hint|ticket|session|otp/i;
const MASK = 'REDACTED';

/**
 * Path parameters whose values are masked in logged paths, by the name every route gives them: the ids of the OpenID
 * provider's records (a session's, a grant's, an interaction's, the last being its cookie's value), with which a log
 * reader could act on them.
 */
const SECRET_PATH_PARAMS = new Set(['sessionId', 'grantId', 'uid']);

/**
 * The path with the segments the matched route (`/api/users/:userId/sessions/:sessionId`) names as secret
 * parameters masked. A named parameter takes one segment, and so does every segment before it: the route's segments
 * and the path's line up from the start (a wildcard, which takes the rest, comes last).
 */
const maskPath = (path: string, route: string | undefined): string => {
  if (!route) return path;
  const segments = path.split('/');
  route.split('/').forEach((part, i) => {
    if (part.startsWith(':') && SECRET_PATH_PARAMS.has(part.slice(1)) && i < segments.length) segments[i] = MASK;
  });
  return segments.join('/');
};

/**
 * The request URL as it may be logged: the path with its secret parameters masked (given the matched route's
 * pattern), and the query with its sensitive values masked.
 */
export const loggableUrl = (url: string, route?: string): string => {
  const at = url.indexOf('?');
  if (at < 0) return maskPath(url, route);
  const path = maskPath(url.slice(0, at), route);
  const query = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(query.keys())) if (SENSITIVE_PARAM.test(name)) query.set(name, MASK);
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
};

type Loggable = Record<string, unknown>;

/** A PostgreSQL error (from `pg` or PGlite): it has a SQLSTATE and a severity. */
const isDatabaseError = (error: Loggable) =>
  typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

/** Double-quoted parts of a database message are identifiers or the values it refused: neither goes to the log. */
const maskQuoted = (text: string) => text.replace(/"[^"\n]*"/g, '"…"');

const DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'];
const ERROR_FIELDS = ['code', 'statusCode', 'error', 'error_description'];

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The `err` serializer: type, message, stack and a few known fields, never the rest of the error's properties
 * (a database error carries the query's parameters, its `detail` and `where` quote row values).
 */
export const loggableError = (value: object, depth = 0): LoggedError => {
  const error = value as Loggable & Partial<Error>;
  const database = isDatabaseError(error);
  const message = String(error.message ?? '');
  const safeMessage = database ? maskQuoted(message) : message;
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const fields = Object.fromEntries(
    (database ? DATABASE_FIELDS : ERROR_FIELDS)
      .filter((name) => error[name] !== undefined && error[name] !== null)
      .map((name) => [name, error[name]]),
  );
  const cause = error.cause;
  return {
    ...fields,
    type: error.constructor?.name ?? 'Error',
    message: safeMessage,
    stack: database ? stack.replace(message, safeMessage) : stack,
    ...(typeof cause === 'object' && cause !== null && depth < 3 ? { cause: loggableError(cause, depth + 1) } : {}),
  };
};

/**
 * Fastify's request-lifecycle log lines: the one line per request once its response is sent (at info level, or
 * error when the response itself failed), and none of Fastify's others, which log the request's full URL and
 * expected 4xx errors with their stacks. Unexpected errors are logged by the error handler.
 */
class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      // The OpenID routes hand the provider a shortened URL and keep the one sent as `originalUrl`.
      url: loggableUrl((request.raw as { originalUrl?: string }).originalUrl ?? request.url, request.routeOptions.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }

  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 500) reply.log.error({ err: error }, 'unexpected error');
  }

  override routeNotFound() {}

  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    reply.log.warn({ err: error }, 'response headers could not be written');
  }
}

/** Fastify's logging options for `logger`: the safe error serializer and one line per request. */
export const loggingOptions = (
  logger: FastifyServerOptions['logger'],
): Pick<FastifyServerOptions, 'logger' | 'logController'> => {
  if (!logger) return { logger: false };
  const options = logger === true ? {} : logger;
  return {
    logger: { ...options, serializers: { ...options.serializers, err: loggableError } },
    logController: new RequestLog(),
  };
};
