import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ApiError } from '../../../../server/http/api-error.js';

/**
 * Why a WebAuthn ceremony was refused. The page shows one message for all of them (as Logto does); the reason is
 * for the audit log and the tests.
 */
export type WebAuthnRefusalReason =
  /** The posted response is not a credential's JSON. */
  | 'malformed'
  /** The response answers another challenge (an old page, or a replay). */
  | 'challenge'
  /** The response was made on another origin, or for another relying party. */
  | 'origin'
  /** The credential is not one of the user's. */
  | 'credential'
  /** The authenticator's signature counter went backwards: the credential may have been cloned. */
  | 'counter'
  /** Anything else the verification refused: signature, user verification, attestation. */
  | 'invalid';

/** A refused registration or authentication: 400 `session.mfa.webauthn_verification_failed`. */
export class WebAuthnRefusal extends ApiError {
  constructor(readonly reason: WebAuthnRefusalReason) {
    super('session.mfa.webauthn_verification_failed');
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const BASE64URL = /^[\w-]+$/;
const isBase64Url = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 65_536 && BASE64URL.test(value);

/** The posted value as a credential's JSON, with the fields both ceremonies share checked. */
const credentialJson = (posted: unknown): Json & { response: Json } => {
  let value = posted;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new WebAuthnRefusal('malformed');
    }
  }
  if (!isObject(value) || !isObject(value.response)) throw new WebAuthnRefusal('malformed');
  if (!isBase64Url(value.id) || !isBase64Url(value.rawId) || value.type !== 'public-key')
    throw new WebAuthnRefusal('malformed');
  if (!isBase64Url(value.response.clientDataJSON)) throw new WebAuthnRefusal('malformed');
  return value as Json & { response: Json };
};

const extensions = (value: Json) => (isObject(value.clientExtensionResults) ? value.clientExtensionResults : {});
const attachment = (value: Json): { authenticatorAttachment?: 'platform' | 'cross-platform' } =>
  value.authenticatorAttachment === 'platform' || value.authenticatorAttachment === 'cross-platform'
    ? { authenticatorAttachment: value.authenticatorAttachment }
    : {};

/**
 * What `navigator.credentials.create` answered, as the page posts it (a JSON text or an object); refuses anything
 * else as `malformed`.
 */
export const registrationResponse = (posted: unknown): RegistrationResponseJSON => {
  const value = credentialJson(posted);
  const { response } = value;
  if (!isBase64Url(response.attestationObject)) throw new WebAuthnRefusal('malformed');
  const transports = Array.isArray(response.transports)
    ? response.transports.filter((item): item is string => typeof item === 'string')
    : undefined;
  return {
    id: value.id as string,
    rawId: value.rawId as string,
    type: 'public-key',
    ...attachment(value),
    clientExtensionResults: extensions(value),
    response: {
      clientDataJSON: response.clientDataJSON as string,
      attestationObject: response.attestationObject,
      ...(transports ? { transports } : {}),
    },
  };
};

/** What `navigator.credentials.get` answered, as the page posts it; refuses anything else as `malformed`. */
export const authenticationResponse = (posted: unknown): AuthenticationResponseJSON => {
  const value = credentialJson(posted);
  const { response } = value;
  if (!isBase64Url(response.authenticatorData) || !isBase64Url(response.signature))
    throw new WebAuthnRefusal('malformed');
  if (response.userHandle !== undefined && response.userHandle !== null && !isBase64Url(response.userHandle))
    throw new WebAuthnRefusal('malformed');
  return {
    id: value.id as string,
    rawId: value.rawId as string,
    type: 'public-key',
    ...attachment(value),
    clientExtensionResults: extensions(value),
    response: {
      clientDataJSON: response.clientDataJSON as string,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
      ...(typeof response.userHandle === 'string' ? { userHandle: response.userHandle } : {}),
    },
  };
};
