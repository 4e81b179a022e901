import type { HttpError } from '@refinedev/core';
import { API_BASE } from '../../generated/api-paths';

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
  /** Finds the prefix before the first request (e.g. from the tenant's discovered endpoint); wins over `baseUrl`. */
  resolveBaseUrl?: () => Promise<string>;
  getLanguage?: () => string | undefined;
  /** The bearer token sent as `Authorization` on every request (spec §7); none when signed out. */
  getAccessToken?: () => Promise<string | undefined>;
  /**
   * Sees every failed request first (spec §8). Returning true means the session took over (a new sign-in, or the
   * "forbidden" alert and sign-out): the page is about to be left, so the request never settles and no error toast
   * competes with it.
   */
  onError?: (error: ApiError) => boolean;
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

/** A promise that never settles: what a request returns once the session has taken over the page. */
const abandoned = <T>() => new Promise<T>(() => {});

export const createHttpClient = (options: HttpOptions = {}) => {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let baseUrl: Promise<string> | undefined;
  const resolveBaseUrl = () => {
    if (!options.resolveBaseUrl) return Promise.resolve(options.baseUrl ?? API_BASE);
    baseUrl ??= options.resolveBaseUrl().catch((error: unknown) => {
      baseUrl = undefined;
      throw error;
    });
    return baseUrl;
  };

  const fail = <T>(error: ApiError): Promise<T> => {
    if (options.onError?.(error)) return abandoned<T>();
    throw error;
  };

  return async <T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> => {
    const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    let base: string;
    let token: string | undefined;
    try {
      [base, token] = await Promise.all([resolveBaseUrl(), options.getAccessToken?.()]);
    } catch {
      throw new ApiError('Network error', 0);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    // A file upload goes as the browser encodes a form (multipart, with its boundary); anything else as JSON.
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const query = request.query?.toString();
    const url = `${base}${request.path}${query ? `?${query}` : ''}`;
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
    if (!response.ok) return fail(toApiError(response.status, data));
    return { data: data as T, headers: response.headers, status: response.status };
  };
};

export type HttpClient = ReturnType<typeof createHttpClient>;
