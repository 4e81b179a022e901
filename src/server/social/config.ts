/** A social connector's configuration, with its factory's defaults where it leaves a field out. */
export interface SocialConfig {
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** OAuth 2.0: where the user's profile is read with the access token. */
  userInfoEndpoint?: string;
  scope?: string;
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
  /** OpenID Connect: where the provider's signing keys are, and the issuer its ID tokens must name. */
  idTokenVerificationConfig?: { jwksUri: string; issuer?: string };
  authRequestOptionalConfig?: Record<string, string>;
  /** OAuth 2.0: the user info fields of each profile value (dotted paths). */
  profileMap?: Partial<Record<'id' | 'email' | 'phone' | 'name' | 'avatar' | 'emailVerified', string>>;
  trustUnverifiedEmail?: boolean;
  customConfig?: Record<string, string>;
}

/** The protocol a social factory speaks (its branch's `x-meta.protocol`). */
export type SocialProtocol = 'oidc' | 'oauth2';

/** The stored configuration over the defaults of its factory's schema (top-level fields). */
export const socialConfigOf = (schema: Record<string, unknown>, stored: Record<string, unknown>): SocialConfig => {
  const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const defaults = Object.fromEntries(
    Object.entries(properties)
      .filter(([, property]) => property.default !== undefined)
      .map(([key, property]) => [key, property.default]),
  );
  return { ...defaults, ...stored } as unknown as SocialConfig;
};
