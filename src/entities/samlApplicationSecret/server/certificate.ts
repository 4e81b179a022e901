import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

const KEY_BITS = 2048;
const SUBJECT = [{ shortName: 'CN', value: 'Gatehouse SAML signing' }];

const addYears = (date: Date, years: number) => {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
};

/** The certificate's SHA-256 fingerprint, in upper-case hex, with and without colons (Logto's two forms). */
export const fingerprintsOf = (certificatePem: string) => {
  const der = Buffer.from(certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''), 'base64');
  const unformatted = createHash('sha256').update(der).digest('hex').toUpperCase();
  return { sha256: { formatted: unformatted.match(/.{2}/g)?.join(':') ?? '', unformatted } };
};

/**
 * A new RSA signing key (made by Node's crypto) and its self-signed X.509 certificate (SHA-256 with RSA), valid from
 * now for `years`.
 */
export const makeSigningCertificate = async (years: number) => {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial in its shortest DER form: 16 bytes, the first in 0x01–0x7f (no sign bit, no leading zero).
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  certificate.serialNumber = serial.toString('hex');
  certificate.validity.notBefore = new Date();
  certificate.validity.notAfter = addYears(certificate.validity.notBefore, years);
  certificate.setSubject(SUBJECT);
  certificate.setIssuer(SUBJECT);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  const certificatePem = forge.pki.certificateToPem(certificate);
  return {
    privateKey,
    certificate: certificatePem,
    fingerprints: fingerprintsOf(certificatePem),
    expiresAt: certificate.validity.notAfter.getTime(),
  };
};
