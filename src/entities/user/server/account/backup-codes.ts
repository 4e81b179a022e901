import { createHash, randomBytes } from 'node:crypto';

/** How many backup codes a group holds, as Logto makes them. */
export const BACKUP_CODE_COUNT = 10;

/** Ten codes of ten hexadecimal digits. */
export const generateBackupCodes = () =>
  Array.from({ length: BACKUP_CODE_COUNT }, () => randomBytes(5).toString('hex'));

/** Backup codes are stored as SHA-256 digests of the code in lower case; the user sees the codes once. */
export const backupCodeDigest = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
