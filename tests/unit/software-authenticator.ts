/**
 * A software WebAuthn authenticator for tests: an ES256 key made with node:crypto, `none` attestation, and the
 * authenticator data and client data a browser would send, with every part the test may want to get wrong.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
type Cbor = Parameters<typeof isoCBOR.encode>[0];

export interface Ceremony {
  challenge: string;
  origin: string;
  /** The relying party the authenticator signs for (its hash goes into the authenticator data). */
  rpId?: string;
  userVerified?: boolean;
}

export const softwareAuthenticator = (rpId: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(String(jwk.x))],
      [-3, isoBase64URL.toBuffer(String(jwk.y))],
    ]),
  );
  const credentialId = randomBytes(16);
  let signCount = 0;

  const authData = (ceremony: Ceremony, counter: number, attested: boolean) => {
    const flags =
      FLAG_USER_PRESENT |
      (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED) |
      (attested ? FLAG_ATTESTED_CREDENTIAL : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(ceremony.rpId ?? rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), length, credentialId, Buffer.from(coseKey));
    }
    return Buffer.concat(parts);
  };

  const clientData = (type: string, ceremony: Ceremony) =>
    Buffer.from(JSON.stringify({ type, challenge: ceremony.challenge, origin: ceremony.origin, crossOrigin: false }));

  return {
    credentialId: b64(credentialId),
    /** What `navigator.credentials.create` would answer. */
    register: (ceremony: Ceremony): RegistrationResponseJSON => ({
      id: b64(credentialId),
      rawId: b64(credentialId),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData('webauthn.create', ceremony)),
        attestationObject: b64(
          isoCBOR.encode(
            new Map<string, Cbor>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData(ceremony, 0, true)],
            ]),
          ),
        ),
        transports: ['internal'],
      },
    }),
    /** What `navigator.credentials.get` would answer; the signature counter grows by one unless `counter` is given. */
    authenticate: (ceremony: Ceremony & { counter?: number }): AuthenticationResponseJSON => {
      signCount = ceremony.counter ?? signCount + 1;
      const data = authData(ceremony, signCount, false);
      const client = clientData('webauthn.get', ceremony);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          userHandle: b64(Buffer.from('user-1')),
        },
      };
    },
  };
};
