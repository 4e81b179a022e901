import { timingSafeEqual } from 'node:crypto';
import type { AdapterPayload } from 'oidc-provider';
import type { ApplicationRecord } from '../../generated/records.js';
import type { EntityModel } from '../../shared/descriptor.js';
import type { Database } from '../db/database.js';
import { CLAIMS } from './user-claims.js';

/** The user scopes the provider knows (a client's `scope` may name no other). */
const KNOWN_USER_SCOPES = Object.keys(CLAIMS).filter((scope) => scope !== 'openid');

/** The fields of an application the provider needs. */
export type ApplicationRow = Pick<ApplicationRecord, 'id' | 'name' | 'secret' | 'type' | 'oidcClientMetadata'> & {
  customClientMetadata: CustomClientMetadata;
  isThirdParty?: boolean;
  /** A third-party application's user scopes (its consent scopes): the only OpenID scopes it may request. */
  userScopes?: string[];
};

/** The OpenID scopes a client may always request. */
const BASE_SCOPES = ['openid', 'offline_access'];

/** Custom metadata as stored: rows written before a setting existed leave it out. */
export type CustomClientMetadata = Partial<ApplicationRecord['customClientMetadata']>;

/**
 * What an application's custom metadata means where it leaves a setting out: the schema's defaults (rotating refresh
 * tokens, 14 days, ID tokens for an hour), the values new applications are stored with.
 */
export const customClientMetadataDefaults = (application: EntityModel): CustomClientMetadata =>
  (application.schema.properties?.customClientMetadata?.default ?? {}) as CustomClientMetadata;

const interactiveGrants = ['authorization_code', 'refresh_token'];

/** The device authorization grant (RFC 8628), which a native app marked `isDeviceFlow` uses. */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** The token exchange grant (RFC 8693). */
export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

/**
 * An application as an OpenID client. Single page and native apps are public clients (no secret, PKCE required);
 * traditional web apps authenticate with a secret; machine-to-machine apps use `client_credentials` only.
 */
export const clientMetadataOf = (app: ApplicationRow): AdapterPayload | undefined => {
  const meta = app.oidcClientMetadata ?? {};
  // Token exchange is opt-in per application, and never for a third party's (Logto alike).
  const exchange = app.customClientMetadata?.allowTokenExchange === true && app.isThirdParty !== true;
  const userFlow = exchange ? [...interactiveGrants, TOKEN_EXCHANGE] : interactiveGrants;
  const named = {
    client_id: app.id,
    client_name: app.name,
    ...(meta.logoUri ? { logo_uri: meta.logoUri } : {}),
    // A third party's request for a user scope it was not given is refused (`invalid_scope`), as Logto does.
    ...(app.isThirdParty ? { scope: [...BASE_SCOPES, ...(app.userScopes ?? [])].join(' ') } : {}),
  };
  const interactive = {
    ...named,
    redirect_uris: meta.redirectUris ?? [],
    post_logout_redirect_uris: meta.postLogoutRedirectUris ?? [],
    // Told by a logout token when a user signs out of the provider (OpenID Connect Back-Channel Logout).
    ...(meta.backchannelLogoutUri
      ? {
          backchannel_logout_uri: meta.backchannelLogoutUri,
          backchannel_logout_session_required: meta.backchannelLogoutSessionRequired === true,
        }
      : {}),
    response_types: ['code'],
    grant_types: userFlow,
  };
  switch (app.type) {
    case 'SPA':
      return { ...interactive, application_type: 'web', token_endpoint_auth_method: 'none' };
    case 'Native':
      // A device without a browser signs its users in by the device authorization grant only (Logto alike).
      if (app.customClientMetadata?.isDeviceFlow === true) {
        return {
          ...named,
          application_type: 'native',
          token_endpoint_auth_method: 'none',
          grant_types: [DEVICE_CODE_GRANT, 'refresh_token', ...(exchange ? [TOKEN_EXCHANGE] : [])],
          response_types: [],
          redirect_uris: [],
        };
      }
      return { ...interactive, application_type: 'native', token_endpoint_auth_method: 'none' };
    case 'Traditional':
    // A SAML application signs its users in as the server's own confidential client (its callback the redirect URI);
    // so does a protected app, whose edge is the server's.
    case 'SAML':
    case 'Protected':
      return {
        ...interactive,
        application_type: 'web',
        client_secret: app.secret,
        token_endpoint_auth_method: 'client_secret_basic',
      };
    case 'MachineToMachine':
      return {
        ...named,
        application_type: 'web',
        client_secret: app.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: exchange ? ['client_credentials', TOKEN_EXCHANGE] : ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      };
    default:
      return undefined;
  }
};

const sameString = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The tenant's applications as the provider's clients, and their additional secrets. */
export class ClientStore {
  /** The latest custom metadata seen per client (read on every lookup, so it follows edits). */
  private readonly custom = new Map<string, CustomClientMetadata>();

  /** `defaults`: what a stored application's custom metadata leaves out means (`customClientMetadataDefaults`). */
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
    private readonly defaults: CustomClientMetadata,
  ) {}

  async metadata(clientId: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{
        id: string;
        name: string;
        secret: string;
        type: ApplicationRow['type'];
        oidc_client_metadata: ApplicationRow['oidcClientMetadata'];
        custom_client_metadata: CustomClientMetadata;
        is_third_party: boolean;
        user_scopes: string[];
      }>(
        `SELECT id, name, secret, type, oidc_client_metadata, custom_client_metadata, is_third_party,
                ARRAY(SELECT scope_id FROM application_user_consent_scopes c
                       WHERE c.tenant_id = a.tenant_id AND c.application_id = a.id AND c.scope_type = 'user-scopes'
                         AND c.scope_id = ANY($3::text[])) AS user_scopes
           FROM applications a WHERE tenant_id = $1 AND id = $2`,
        [this.tenantId, clientId, KNOWN_USER_SCOPES],
      ),
    );
    const row = rows[0];
    if (!row) {
      this.custom.delete(clientId);
      return undefined;
    }
    this.custom.set(clientId, row.custom_client_metadata ?? {});
    return clientMetadataOf({
      id: row.id,
      name: row.name,
      secret: row.secret,
      type: row.type,
      oidcClientMetadata: row.oidc_client_metadata ?? {},
      customClientMetadata: row.custom_client_metadata ?? {},
      isThirdParty: row.is_third_party,
      userScopes: row.user_scopes,
    });
  }

  /**
   * Whether the application is a third party's. Users grant a third-party app its scopes on the consent page; the
   * tenant's own apps (the console among them) get what they ask for without one.
   */
  async isThirdParty(clientId: string): Promise<boolean> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ is_third_party: boolean }>(
        'SELECT is_third_party FROM applications WHERE tenant_id = $1 AND id = $2',
        [this.tenantId, clientId],
      ),
    );
    return rows[0]?.is_third_party ?? true;
  }

  customMetadata(clientId: string): CustomClientMetadata {
    return { ...this.defaults, ...this.custom.get(clientId) };
  }

  /** Whether `secret` is one of the application's unexpired secrets from `/api/applications/{id}/secrets`. */
  async isActiveSecret(clientId: string, secret: string): Promise<boolean> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ value: string }>(
        `SELECT value FROM application_secrets
         WHERE tenant_id = $1 AND application_id = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.tenantId, clientId],
      ),
    );
    let matched = false;
    for (const { value } of rows) matched = sameString(value, secret) || matched;
    return matched;
  }
}
