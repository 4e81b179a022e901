import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import { generateId } from '../../../../server/crud/ids.js';
import { ApiError } from '../../../../server/http/api-error.js';
import { authenticationResponse, registrationResponse, WebAuthnRefusal } from './webauthn-response.js';

export { WebAuthnRefusal, type WebAuthnRefusalReason } from './webauthn-response.js';

/**
 * WebAuthn (passkeys) as an MFA factor, as Logto keeps it: the options the sign-in page hands to
 * `navigator.credentials.create` / `get`, and the verification of what the browser answers. Nothing here stores
 * anything or knows the sign-in flow: the caller keeps the challenge between the two requests and writes the
 * user's `mfaVerifications`.
 */

/** How long the browser may take, as Logto asks (`webAuthnAuthenticationOptionsTimeout`). */
export const WEBAUTHN_TIMEOUT_MS = 60_000;

/** The transports Logto's user schema accepts. */
const TRANSPORTS = ['usb', 'nfc', 'ble', 'internal', 'cable', 'hybrid', 'smart-card'] as const;
export type WebAuthnTransport = (typeof TRANSPORTS)[number];

/** A WebAuthn MFA verification as it is stored in a user's `mfaVerifications` (Logto's `MfaVerificationWebAuthn`). */
export interface WebAuthnVerification {
  id: string;
  createdAt: string;
  lastUsedAt?: string;
  type: 'WebAuthn';
  /** The relying party the credential was made for. */
  rpId?: string;
  /** Base64url, as the browser names the credential. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  /** The browser's `User-Agent` when the credential was registered. */
  agent: string;
  transports: WebAuthnTransport[];
  name?: string;
}

/** Any entry of `mfaVerifications`: only the WebAuthn ones count here. */
export interface StoredMfaVerification {
  readonly id: string;
  readonly type: string;
}

/** Who registers a credential: the user's id and what the authenticator shows of them. */
export interface WebAuthnUser {
  id: string;
  name?: string | null;
  username?: string | null;
  primaryEmail?: string | null;
  primaryPhone?: string | null;
}

/**
 * The relying party of a tenant's sign-in pages: its id is the host name the pages are served on, and the browser
 * must report that origin (or one of the account center's related origins).
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** The relying party of the sign-in pages of a tenant whose issuer (or any URL on its sign-in origin) is `issuer`. */
export const relyingParty = (
  issuer: string,
  options: { name?: string; relatedOrigins?: readonly string[] } = {},
): RelyingParty => {
  const url = new URL(issuer);
  const origins = [url.origin, ...(options.relatedOrigins ?? []).map((origin) => new URL(origin).origin)];
  return { id: url.hostname, name: options.name || url.hostname, origins: [...new Set(origins)] };
};

/** Only the WebAuthn entries of a user's `mfaVerifications`. */
export const webAuthnVerifications = (verifications: readonly StoredMfaVerification[]): WebAuthnVerification[] =>
  verifications.filter(
    (verification): verification is StoredMfaVerification & WebAuthnVerification =>
      verification.type === 'WebAuthn' && typeof (verification as { credentialId?: unknown }).credentialId === 'string',
  );

const allowed = (credentials: WebAuthnVerification[]) =>
  credentials.map(({ credentialId, transports }) => ({ id: credentialId, transports }));

/** Logto's display names: what the authenticator shows for the account. */
const firstOf = (...values: (string | null | undefined)[]) => values.find((value) => value) ?? 'Unnamed User';

/**
 * The options for `navigator.credentials.create`: a discoverable ES256 or RS256 credential with user verification,
 * none of the user's registered credentials again, no attestation (as Logto asks). Keep `challenge` for
 * `verifyRegistration`.
 */
export const registrationOptions = (
  user: WebAuthnUser,
  existingCredentials: readonly StoredMfaVerification[],
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> =>
  generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: firstOf(user.primaryEmail, user.primaryPhone, user.username),
    userDisplayName: firstOf(user.name, user.primaryEmail, user.primaryPhone, user.username),
    timeout: WEBAUTHN_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: allowed(webAuthnVerifications(existingCredentials)),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: [-7, -257],
  });

/** Refuses a response for another challenge or made on another origin, before the library's checks. */
const checkClientData = (clientDataJSON: string, expectedChallenge: string, rp: RelyingParty, type: string) => {
  let clientData: ReturnType<typeof decodeClientDataJSON>;
  try {
    clientData = decodeClientDataJSON(clientDataJSON);
  } catch {
    throw new WebAuthnRefusal('malformed');
  }
  if (clientData.type !== type) throw new WebAuthnRefusal('malformed');
  if (clientData.challenge !== expectedChallenge) throw new WebAuthnRefusal('challenge');
  if (!rp.origins.includes(clientData.origin) || clientData.crossOrigin === true) throw new WebAuthnRefusal('origin');
};

const authenticatorData = (base64url: string) => {
  try {
    return parseAuthenticatorData(isoBase64URL.toBuffer(base64url));
  } catch {
    throw new WebAuthnRefusal('malformed');
  }
};

/** Runs the library's verification; what it throws is a refusal (rp id hash, signature, user verification...). */
const verified = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new WebAuthnRefusal('invalid');
  }
};

/**
 * Verifies what `navigator.credentials.create` answered (the posted JSON, as text or object) and returns the entry
 * to append to the user's `mfaVerifications`. `agent` is the browser's `User-Agent`. Throws `WebAuthnRefusal` (400
 * `session.mfa.webauthn_verification_failed`) for a wrong challenge, origin, or relying party, a response without
 * user verification, or anything malformed.
 */
export const verifyRegistration = async (
  response: unknown,
  expectedChallenge: string,
  rp: RelyingParty,
  device: { agent?: string | undefined; name?: string | undefined } = {},
): Promise<WebAuthnVerification> => {
  const parsed: RegistrationResponseJSON = registrationResponse(response);
  checkClientData(parsed.response.clientDataJSON, expectedChallenge, rp, 'webauthn.create');
  const { verified: ok, registrationInfo } = await verified(() =>
    verifyRegistrationResponse({
      response: parsed,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    }),
  );
  if (!ok || !registrationInfo) throw new WebAuthnRefusal('invalid');
  const { credential } = registrationInfo;
  const transports = (parsed.response.transports ?? []).filter((transport): transport is WebAuthnTransport =>
    (TRANSPORTS as readonly string[]).includes(transport),
  );
  return {
    id: generateId(21),
    createdAt: new Date().toISOString(),
    type: 'WebAuthn',
    rpId: rp.id,
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    agent: device.agent ?? '',
    transports: [...new Set(transports)],
    ...(device.name ? { name: device.name } : {}),
  };
};

/**
 * The options for `navigator.credentials.get`: the user's WebAuthn credentials, user verification required. Keep
 * `challenge` for `verifyAuthentication`. Throws 400 `session.mfa.webauthn_verification_not_found` when the user
 * has none.
 */
export const authenticationOptions = async (
  credentials: readonly StoredMfaVerification[],
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> => {
  const registered = webAuthnVerifications(credentials);
  if (!registered.length) throw new ApiError('session.mfa.webauthn_verification_not_found');
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed(registered),
    userVerification: 'required',
    timeout: WEBAUTHN_TIMEOUT_MS,
  });
};

/** What a successful authentication changes in the stored verification. */
export interface WebAuthnAuthentication {
  /** The `id` of the verification in `mfaVerifications`. */
  verificationId: string;
  counter: number;
  lastUsedAt: string;
}

/**
 * Verifies what `navigator.credentials.get` answered against the user's verifications (their whole
 * `mfaVerifications`, or only the credential the flow expects). Throws `WebAuthnRefusal` for a wrong challenge or
 * origin, a credential that is not among them, a signature counter that did not grow, a bad signature or a
 * response without user verification. Store the answer with `withAuthentication`.
 */
export const verifyAuthentication = async (
  response: unknown,
  expectedChallenge: string,
  credentials: readonly StoredMfaVerification[],
  rp: RelyingParty,
): Promise<WebAuthnAuthentication> => {
  const parsed: AuthenticationResponseJSON = authenticationResponse(response);
  checkClientData(parsed.response.clientDataJSON, expectedChallenge, rp, 'webauthn.get');
  const credential = webAuthnVerifications(credentials).find(({ credentialId }) => credentialId === parsed.id);
  if (!credential || parsed.rawId !== parsed.id) throw new WebAuthnRefusal('credential');
  const { counter } = authenticatorData(parsed.response.authenticatorData);
  if ((counter > 0 || credential.counter > 0) && counter <= credential.counter) throw new WebAuthnRefusal('counter');
  const { verified: ok, authenticationInfo } = await verified(() =>
    verifyAuthenticationResponse({
      response: parsed,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: credential.credentialId,
        publicKey: isoBase64URL.toBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports,
      },
      requireUserVerification: true,
    }),
  );
  if (!ok) throw new WebAuthnRefusal('invalid');
  return {
    verificationId: credential.id,
    counter: authenticationInfo.newCounter,
    lastUsedAt: new Date().toISOString(),
  };
};

/** The user's `mfaVerifications` after an authentication: the credential's new counter and `lastUsedAt`. */
export const withAuthentication = <T extends StoredMfaVerification>(
  verifications: readonly T[],
  authentication: WebAuthnAuthentication,
): T[] =>
  verifications.map((verification) =>
    verification.id === authentication.verificationId && verification.type === 'WebAuthn'
      ? { ...verification, counter: authentication.counter, lastUsedAt: authentication.lastUsedAt }
      : verification,
  );
