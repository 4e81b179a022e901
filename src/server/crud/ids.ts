import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random id of lowercase letters and digits, like Logto's (21 characters by default). */
export const generateId = (length = 21): string => {
  const bytes = randomBytes(length * 2);
  let id = '';
  for (let i = 0; i < bytes.length && id.length < length; i++) {
    const byte = bytes[i] ?? 0;
    if (byte < 252) id += ALPHABET[byte % 36]; // 252 = 7 × 36: drop the rest to keep the choice uniform
  }
  return id.length === length ? id : generateId(length);
};
