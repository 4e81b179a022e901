import { API_BASE, apiRoutes, rootRoutes } from '../../generated/api-paths';
import { apiPath } from '../../shared/api-path';
import type { AppearanceMode } from '../layout/appearance';
import { ApiError, createHttpClient, type FetchLike, REQUEST_TIMEOUT_MS } from '../providers/http';

/**
 * The public and personal calls around signing in (spec §7): where a tenant lives, whether this is the first run,
 * and the signed-in user's own account on the admin tenant (`GET me`, `PATCH me`, `PATCH me/custom-data`).
 */

export interface AccountUser {
  id: string;
  username: string | null;
  name: string | null;
  avatar: string | null;
  primaryEmail: string | null;
  customData?: ConsoleCustomData;
}

/** The console's part of the user's custom data (spec §3). */
export interface ConsoleCustomData {
  onboarding?: { isOnboardingDone?: boolean; questionnaire?: Record<string, unknown> };
  defaultTenantId?: string;
  adminConsolePreferences?: {
    language?: string;
    appearanceMode?: AppearanceMode;
    [acknowledgement: string]: unknown;
  };
  [key: string]: unknown;
}

export interface AccountApiOptions {
  /** The admin tenant's base URL (`{origin}/t/admin`). */
  adminBase: string;
  getAccessToken: () => Promise<string | undefined>;
  getLanguage: () => string | undefined;
  fetch?: FetchLike;
}

const json = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
};

/**
 * `GET /api/.well-known/endpoints/{tenantId}` → the tenant's base URL. A base on the console's own origin is turned
 * into a path, so requests stay same-origin (the console's Content-Security-Policy allows only its own origin).
 */
export const fetchTenantEndpoint = async (
  tenantId: string,
  { origin, fetch = globalThis.fetch }: { origin: string; fetch?: FetchLike },
): Promise<string> => {
  const response = await fetch(`${API_BASE}${apiPath(apiRoutes.discovery.actions.endpoints, { id: tenantId })}`, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new ApiError(`Tenant ${tenantId} has no endpoint`, response.status);
  const body = (await json(response)) as { user?: unknown } | undefined;
  if (typeof body?.user !== 'string') throw new ApiError(`Tenant ${tenantId} has no endpoint`, response.status);
  const base = new URL(body.user, origin);
  const path = base.pathname.replace(/\/+$/, '');
  return base.origin === origin ? path : `${base.origin}${path}`;
};

/**
 * `GET /api/.well-known/first-run` → whether no console account exists yet (the welcome screen then creates the
 * first one). A server that does not answer it is not on its first run.
 */
export const fetchFirstRun = async ({ fetch = globalThis.fetch }: { fetch?: FetchLike } = {}): Promise<boolean> => {
  try {
    const response = await fetch(`${API_BASE}${apiPath(apiRoutes.discovery.actions.firstRun)}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body = (await json(response)) as { firstRun?: unknown } | undefined;
    return body?.firstRun === true;
  } catch {
    return false;
  }
};

export const createAccountApi = (options: AccountApiOptions) => {
  // No `onError` takeover here: the account calls decorate the console (name in the top bar, saved preferences), a
  // failure falls back to the ID token's claims or is ignored, and never signs the user out.
  const http = createHttpClient({
    baseUrl: options.adminBase,
    getAccessToken: options.getAccessToken,
    getLanguage: options.getLanguage,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    getMe: async () => (await http<AccountUser>({ method: 'GET', path: apiPath(rootRoutes.me.actions.get) })).data,
    updateMe: async (patch: Partial<Pick<AccountUser, 'name' | 'avatar' | 'username'>>) =>
      (await http<AccountUser>({ method: 'PATCH', path: apiPath(rootRoutes.me.actions.update), body: patch })).data,
    /** Top-level keys replace what is stored (the server merges one level deep). */
    updateCustomData: async (patch: ConsoleCustomData) =>
      (await http<ConsoleCustomData>({ method: 'PATCH', path: apiPath(rootRoutes.me.actions.customData), body: patch }))
        .data,
    /** A call of the signed-in user's own account below the admin tenant's root (`/me/...`: the profile's changes). */
    meApi: async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
      (await http<T>({ method, path, ...(body === undefined ? {} : { body }) })).data as T,
    /** A call of the admin tenant's API below `/api` (the cloud's tenants, members and invitations). */
    adminApi: async <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
      (await http<T>({ method, path: `${API_BASE}${path}`, ...(body === undefined ? {} : { body }) })).data as T,
  };
};

export type AccountApi = ReturnType<typeof createAccountApi>;
