import type { User } from 'oidc-client-ts';
import { RENEW_LOCK_NAME, RENEW_MARGIN_SECONDS } from './session-constants';

/** What the organization tokens need of the OpenID client: the stored user, its token endpoint and client id. */
export interface OrganizationTokenClient {
  getUser(): Promise<User | null>;
  storeUser(user: User): Promise<void>;
  metadataService: { getTokenEndpoint(): Promise<string | undefined> };
  settings: { client_id: string };
}

/** A refused organization token: 403 when the user is not (or no longer) a member of the organization. */
export class OrganizationTokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | undefined,
  ) {
    super(`The organization token was refused (${status}${error ? ` ${error}` : ''})`);
  }
}

interface Cached {
  token: string;
  expiresAt: number;
}

/**
 * The signed-in user's organization tokens (Logto's: the `refresh_token` grant with `organization_id`), as the
 * cloud console calls a tenant's management API with its membership organization's token. Each is kept until
 * shortly before it expires. The refresh token rotates on every use, so the exchanges run under the same lock as
 * the session's renewals (across tabs), each reading the latest stored refresh token and storing the next one.
 */
export class OrganizationTokens {
  private readonly cache = new Map<string, Cached>();
  private readonly pending = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly client: OrganizationTokenClient,
    private readonly options: {
      lock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
      fetch?: typeof globalThis.fetch;
      now?: () => number;
    } = {},
  ) {}

  private now() {
    return (this.options.now ?? Date.now)();
  }

  /** A valid token for the organization; undefined when signed out (no refresh token). */
  get(organizationId: string): Promise<string | undefined> {
    const cached = this.cache.get(organizationId);
    if (cached && cached.expiresAt - RENEW_MARGIN_SECONDS * 1000 > this.now()) return Promise.resolve(cached.token);
    let pending = this.pending.get(organizationId);
    if (!pending) {
      const task = () => this.exchange(organizationId);
      pending = (this.options.lock ? this.options.lock(RENEW_LOCK_NAME, task) : task()).finally(() =>
        this.pending.delete(organizationId),
      );
      this.pending.set(organizationId, pending);
    }
    return pending;
  }

  /** Forgets every token (sign-out, a tenant left). */
  clear() {
    this.cache.clear();
  }

  private async exchange(organizationId: string): Promise<string | undefined> {
    const user = await this.client.getUser();
    if (!user?.refresh_token) return undefined;
    const endpoint = await this.client.metadataService.getTokenEndpoint();
    if (!endpoint) throw new OrganizationTokenError(0, 'no_token_endpoint');
    const response = await (this.options.fetch ?? globalThis.fetch)(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: this.client.settings.client_id,
        refresh_token: user.refresh_token,
        organization_id: organizationId,
      }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!response.ok || !body.access_token) throw new OrganizationTokenError(response.status, body.error);
    if (body.refresh_token && body.refresh_token !== user.refresh_token) {
      user.refresh_token = body.refresh_token;
      await this.client.storeUser(user);
    }
    this.cache.set(organizationId, {
      token: body.access_token,
      expiresAt: this.now() + (body.expires_in ?? 3600) * 1000,
    });
    return body.access_token;
  }
}
