import { Secret, TOTP } from 'otpauth';
import type { UserRecord } from './store.js';

/**
 * TOTP as authenticator apps and Logto use it (RFC 6238): SHA-1, 6 digits, 30-second steps, a code accepted one
 * step either side of now (RFC 6238 §5.2 lets a code made in one step be checked in the next).
 */
const PERIOD = 30;
const WINDOW = 1;

const totpOf = (secret: string, account = '', issuer = '') =>
  new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** 20 random bytes (160 bits, RFC 6238's recommendation) in base32: 32 characters. */
export const generateTotpSecret = () => new Secret({ size: 20 }).base32;

/** A code as typed, without the spaces apps show in it. */
const normalized = (code: string) => code.replace(/\s/g, '');

/**
 * The time step a code belongs to, within the window around `now`; nothing for a wrong code. A verified factor
 * keeps the last step it accepted, so a code is never taken twice (Logto's `lastUsedTimeStep`).
 */
export const totpTimeStep = (secret: string, code: string, now = Date.now()): number | undefined => {
  const token = normalized(code);
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
};

/** The `otpauth://` URI authenticator apps scan: the issuer is the host the user signs in on, as Logto names it. */
export const totpKeyUri = (secret: string, account: string, issuer: string) =>
  totpOf(secret, account, issuer).toString();

/** The current code of a secret (for tests and tools that stand in for an authenticator app). */
export const currentTotpCode = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

/** Who an authenticator app names the account after: Logto's display name of the user. */
export const totpAccountName = (user: Pick<UserRecord, 'name' | 'primaryEmail' | 'primaryPhone' | 'username'>) =>
  [user.name, user.primaryEmail, user.primaryPhone, user.username].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  ) ?? 'Unnamed User';
