import type { HttpError } from '@refinedev/core';

/** An API failure as the console sees it: Refine's `HttpError` plus the server's error `code` and `data`. */
export class ApiError extends Error implements HttpError {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly data: unknown;
  errors?: Record<string, string>;

  constructor(message: string, statusCode: number, code?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.data = data;
  }
}

export const MISSING_TOTAL_NUMBER = 'missing total number';
export const REQUEST_TIMEOUT_MS = 20_000;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  fetch?: FetchLike;
  /** Prefix of every API path, `/api` in the browser. */
  baseUrl?: string;
  getLanguage?: () => string | undefined;
  timeoutMs?: number;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HttpResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

const statusMessages: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  413: 'Payload too large',
  422: 'Unprocessable entity',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parseBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Turns a failed response into an `ApiError`: the body's message and code when readable, else a status message. */
export const toApiError = (status: number, body: unknown): ApiError => {
  if (isRecord(body) && typeof body.message === 'string') {
    const code = typeof body.code === 'string' ? body.code : undefined;
    const error = new ApiError(body.message, status, code, body.data);
    const issues = isRecord(body.data) && Array.isArray(body.data.issues) ? body.data.issues : [];
    if (issues.length > 0) {
      error.errors = {};
      for (const issue of issues) {
        if (isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string') {
          const field = issue.path.split('/').filter(Boolean).join('.') || '_';
          error.errors[field] ??= issue.message;
        }
      }
    }
    return error;
  }
  return new ApiError(statusMessages[status] ?? 'unknown server error', status);
};

export const createHttpClient = (options: HttpOptions = {}) => {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  return async <T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> => {
    const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const query = request.query?.toString();
    const url = `${baseUrl}${request.path}${query ? `?${query}` : ''}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method,
        headers,
        body,
        signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(timeoutMs) : undefined,
      });
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new ApiError(timedOut ? 'Request timed out' : 'Network error', 0);
    }
    const data = await parseBody(response);
    if (!response.ok) throw toApiError(response.status, data);
    return { data: data as T, headers: response.headers, status: response.status };
  };
};

export type HttpClient = ReturnType<typeof createHttpClient>;
