/**
 * The parts of oidc-provider 9 that Gatehouse uses. The package ships no type declarations; these follow its
 * documented configuration and helpers (see its docs/README.md) and stay deliberately loose where Gatehouse only
 * passes values through.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: unknown;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims?: unknown, rejected?: string[]): Promise<Record<string, unknown>>;
  }

  export interface ClientInstance {
    clientId: string;
    clientName?: string;
    clientSecret?: string;
    clientAuthMethod: string;
    redirectUris: string[];
    postLogoutRedirectUris?: string[];
    applicationType?: string;
    grantTypeAllowed(type: string): boolean;
    compareClientSecret(actual: string): Promise<boolean> | boolean;
  }

  export interface ClientClass {
    prototype: ClientInstance;
    find(id: string): Promise<ClientInstance | undefined>;
  }

  export interface GrantInstance {
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantClass {
    new (properties: { accountId: string; clientId: string; jti?: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  export interface AccessTokenInstance {
    accountId?: string;
    clientId?: string;
    scope?: string;
    resourceServer?: unknown;
    readonly expiration: number;
    readonly tokenType: string;
    save(): Promise<string>;
  }

  export interface AccessTokenClass {
    new (properties: {
      accountId: string;
      client: ClientInstance;
      grantId: string;
      gty?: string;
      scope?: string;
    }): AccessTokenInstance;
    /** An opaque access token by its value: undefined when unknown, expired or revoked. */
    find(value: string): Promise<AccessTokenInstance | undefined>;
  }

  export interface RefreshTokenInstance {
    accountId?: string;
    clientId?: string;
    readonly isExpired: boolean;
    consumed?: unknown;
    /** The scopes the token was issued with. */
    readonly scopes: Set<string>;
  }

  export interface RefreshTokenClass {
    find(value: string, options?: { ignoreExpiration?: boolean }): Promise<RefreshTokenInstance | undefined>;
  }

  export interface InteractionDetails {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
    /** What the interaction has recorded so far (persisted with it, server-side only). */
    result?: Record<string, unknown>;
    exp: number;
    /** Saves the interaction until its expiry. */
    persist(): Promise<unknown>;
  }

  export interface InteractionClass {
    /** The stored interaction, found without its browser's cookie (a SAML response posted cross-site). */
    find(uid: string): Promise<InteractionDetails | undefined>;
  }

  /** The request context oidc-provider hands to configuration helpers (a Koa context plus `oidc`). */
  export interface KoaContextWithOIDC {
    method: string;
    path: string;
    status: number;
    type: string;
    body: unknown;
    headers: Record<string, string | string[] | undefined>;
    get(header: string): string;
    set(header: string, value: string): void;
    /** The client's address (Koa's, behind the proxy setting). */
    ip: string;
    oidc: {
      route?: string;
      params?: Record<string, unknown>;
      client?: ClientInstance;
      session?: { accountId?: string };
      entities: { Account?: Account; Client?: ClientInstance } & Record<string, unknown>;
      entity(name: string, value: unknown): void;
      provider: Provider;
    };
  }

  export type ErrorOut = { error: string; error_description?: string; state?: string; scope?: string };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    proxy: boolean;
    readonly Client: ClientClass;
    readonly Grant: GrantClass;
    readonly Interaction: InteractionClass;
    readonly AccessToken: AccessTokenClass;
    /** The model of client credentials tokens (only `instanceof` is used). */
    readonly ClientCredentials: abstract new (
      ...args: never[]
    ) => unknown;
    readonly RefreshToken: RefreshTokenClass;
    /** A resource server as the provider describes one (identifier and its `getResourceServerInfo` answer). */
    readonly ResourceServer: new (
      identifier: string,
      info: unknown,
    ) => { scopes: Set<string> };
    registerGrantType(
      name: string,
      handler: (ctx: KoaContextWithOIDC) => Promise<void>,
      parameters?: string[],
      duplicates?: string[],
    ): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void> | void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    /** The provider's name of one of its cookies (`interaction` is `_interaction`). */
    cookieName(type: 'interaction' | 'resume' | 'session'): string;
    /** Koa's context of a request: its `cookies` sign with the provider's cookie keys. */
    createContext(
      req: IncomingMessage,
      res: ServerResponse,
    ): {
      cookies: {
        set(name: string, value: string, options: Record<string, unknown>): void;
        get(name: string, options?: Record<string, unknown>): string | undefined;
      };
    };
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }

  type OidcErrorClass = new (description?: string, detail?: string) => Error & { error: string; status: number };

  export const errors: {
    InvalidTarget: OidcErrorClass;
    InvalidRequest: OidcErrorClass;
    InvalidGrant: OidcErrorClass;
    InsufficientScope: new (description?: string, scope?: string) => Error & { error: string; status: number };
    AccessDenied: OidcErrorClass;
    OIDCProviderError: OidcErrorClass;
    SessionNotFound: OidcErrorClass;
  };
}

/** The provider's internal state: the grant handlers it registered (read to extend a grant, keeping its own). */
declare module 'oidc-provider/lib/helpers/weak_cache.js' {
  import type Provider from 'oidc-provider';
  import type { KoaContextWithOIDC } from 'oidc-provider';

  export default function instance(provider: Provider): {
    grantTypeHandlers: Map<string, (ctx: KoaContextWithOIDC) => Promise<void>>;
  };
}

/** The end-session actions: middleware chains of the provider's `GET /session/end` and `POST /session/end/confirm`. */
declare module 'oidc-provider/lib/actions/end_session.js' {
  import type { KoaContextWithOIDC } from 'oidc-provider';

  type Middleware = (ctx: KoaContextWithOIDC, next?: () => Promise<void>) => Promise<void> | void;
  export const init: Middleware[];
  export const confirm: Middleware[];
  export const success: Middleware[];
}
