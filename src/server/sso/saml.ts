import { withoutLogoutWarning as quietly } from '../../entities/samlApplication/server/metadata.js';
import { saml } from '../../entities/samlApplication/server/validator.js';
import { ApiError } from '../http/api-error.js';
import { lastPublishedDocument, publishedDocument } from './fetch.js';

const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';

/** The identity provider as the connector describes it (its metadata, or the three fields). */
export interface SamlIdp {
  entityId: string;
  signInEndpoint: string;
  x509Certificate: string;
  /** The metadata document, where the connector has one (it may hold several signing certificates). */
  metadata?: string | undefined;
}

/** Gatehouse as the connector's service provider: its entity ID and where assertions are posted. */
export interface SamlServiceProvider {
  entityId: string;
  assertionConsumerServiceUrl: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const first = (value: unknown) => (Array.isArray(value) ? text(value[0]) : text(value));
const invalid = (reason: string) => new ApiError('connector.invalid_config', {}, { reason });

/** Where a tenant (`base`: its base URL) is the service provider of a SAML connector (Logto's paths). */
export const samlServiceProvider = (base: string, connectorId: string): SamlServiceProvider => ({
  entityId: `${base}/enterprise-sso/${encodeURIComponent(connectorId)}`,
  assertionConsumerServiceUrl: `${base}/api/authn/single-sign-on/saml/${encodeURIComponent(connectorId)}`,
});

/**
 * The identity provider of a SAML connector: from its pasted metadata, the metadata at its URL, or its entity ID,
 * sign-in URL and certificate; 400 `connector.invalid_config` when none of them describes a provider.
 */
export const resolveSamlIdp = async (config: Record<string, unknown>): Promise<SamlIdp> => {
  const url = text(config.metadataUrl);
  return samlIdpOf(config, text(config.metadata) ?? (url ? await publishedDocument(url) : undefined));
};

/** The identity provider from what was last read of it, without waiting on it; undefined when it is not known. */
export const lastSamlIdp = (config: Record<string, unknown>): SamlIdp | undefined => {
  const url = text(config.metadataUrl);
  const metadata = text(config.metadata) ?? (url ? lastPublishedDocument(url) : undefined);
  if (url && !metadata && !text(config.metadata)) return undefined;
  try {
    return samlIdpOf(config, metadata);
  } catch {
    return undefined;
  }
};

const samlIdpOf = (config: Record<string, unknown>, metadata: string | undefined): SamlIdp => {
  if (!metadata) {
    const fields = {
      entityId: text(config.entityId),
      signInEndpoint: text(config.signInEndpoint),
      x509Certificate: text(config.x509Certificate),
    };
    if (!fields.entityId || !fields.signInEndpoint || !fields.x509Certificate)
      throw invalid('The provider is unknown.');
    return fields as SamlIdp;
  }
  try {
    const meta = quietly(() => saml.IdentityProvider({ metadata })).entityMeta;
    const endpoint = meta.getSingleSignOnService(REDIRECT);
    const idp = {
      entityId: text(meta.getEntityID()),
      signInEndpoint: text(endpoint) ?? text((endpoint as Record<string, unknown> | undefined)?.[REDIRECT]),
      x509Certificate: first(meta.getX509Certificate('signing')),
    };
    if (!idp.entityId || !idp.signInEndpoint || !idp.x509Certificate) throw invalid('The metadata is incomplete.');
    return { ...(idp as SamlIdp), metadata };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalid('The metadata cannot be read.');
  }
};

const identityProviderOf = (idp: SamlIdp) =>
  quietly(() =>
    idp.metadata
      ? saml.IdentityProvider({ metadata: idp.metadata })
      : saml.IdentityProvider({
          entityID: idp.entityId,
          signingCert: idp.x509Certificate,
          singleSignOnService: [{ Binding: REDIRECT, Location: idp.signInEndpoint }],
        }),
  );

const serviceProviderOf = (sp: SamlServiceProvider, relayState?: string) =>
  saml.ServiceProvider({
    entityID: sp.entityId,
    assertionConsumerService: [{ Binding: POST, Location: sp.assertionConsumerServiceUrl }],
    wantAssertionsSigned: true,
    ...(relayState ? { relayState } : {}),
  });

/** The service provider's metadata document, for the identity provider's administrator. */
export const serviceProviderMetadata = (sp: SamlServiceProvider) => serviceProviderOf(sp).getMetadata();

/** An AuthnRequest by the redirect binding: its ID (which the response must answer) and the URL to send the user to. */
export const samlLoginRequest = (idp: SamlIdp, sp: SamlServiceProvider, relayState: string) => {
  const request = serviceProviderOf(sp, relayState).createLoginRequest(identityProviderOf(idp), 'redirect') as {
    id: string;
    context: string;
  };
  return { requestId: request.id, url: request.context };
};

/** The user an assertion names, in the shape the sign-in pages link and register. */
export interface SamlProfile {
  issuer: string;
  id: string;
  /** The response's ID: an IdP-initiated response is taken once. */
  responseId?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
  details: Record<string, unknown>;
}

/** The connector's attribute mapping (profile value → SAML attribute), its text entries only. */
const attributeMappingOf = (config: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries((config.attributeMapping ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );

/**
 * A posted SAML response, verified: signed by the provider's certificate (samlify reads only what the signature
 * covers), from its issuer, within its validity, for this service provider (audience and destination), and in answer
 * to `requestId` (SP-initiated) or to no request at all (IdP-initiated, `requestId` null). The user's id is the NameID
 * unless the connector's attribute mapping names another attribute.
 */
export const parseSamlResponse = async (
  idp: SamlIdp,
  sp: SamlServiceProvider,
  body: Record<string, unknown>,
  requestId: string | null,
  config: Record<string, unknown>,
): Promise<SamlProfile> => {
  const mapping = attributeMappingOf(config);
  const refused = (reason: string) => new ApiError('connector.invalid_response', {}, { reason });
  const parsed = await serviceProviderOf(sp)
    .parseLoginResponse(identityProviderOf(idp), 'post', { body: { SAMLResponse: text(body.SAMLResponse) ?? '' } })
    .catch((error: unknown) => {
      throw refused(error instanceof Error ? error.message : 'The response is not valid.');
    });
  const extract = parsed.extract as {
    nameID?: unknown;
    audience?: unknown;
    attributes?: Record<string, unknown>;
    response?: { id?: unknown; inResponseTo?: unknown; destination?: unknown };
    issuer?: unknown;
  };
  const audiences = Array.isArray(extract.audience) ? extract.audience : [extract.audience];
  if (!audiences.includes(sp.entityId)) throw refused('The assertion is for another service provider.');
  const destination = text(extract.response?.destination);
  if (destination && destination !== sp.assertionConsumerServiceUrl) throw refused('The response is for elsewhere.');
  if ((text(extract.response?.inResponseTo) ?? null) !== requestId) throw refused('The response answers no request.');
  const attributes = extract.attributes ?? {};
  const attribute = (key: string, ...fallbacks: string[]) =>
    [mapping[key], ...fallbacks].flatMap((name) => (name ? [first(attributes[name])] : [])).find(Boolean);
  const id = mapping.id ? first(attributes[mapping.id]) : text(extract.nameID);
  if (!id) throw refused('The assertion names no user.');
  return {
    issuer: idp.entityId,
    id,
    responseId: text(extract.response?.id),
    email: attribute('email', 'email', 'mail', `${CLAIMS}/emailaddress`)?.toLowerCase(),
    name: attribute('name', 'name', 'displayName', `${CLAIMS}/name`),
    details: { nameID: extract.nameID, attributes },
  };
};
