import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/** Logto's upload limits: the image types (and zip for custom UI assets) and 8 MiB. */
export const ALLOWED_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/vnd.microsoft.icon',
  'image/x-icon',
  'image/svg+xml',
  'image/tiff',
  'image/webp',
  'image/bmp',
] as const;
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

/** The path below the assets' URL prefix: the tenant, the day, a random part, and a file name made safe. */
const keyFor = (tenantId: string, fileName: string) => {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100) || 'file';
  return `${tenantId}/${day}/${randomBytes(8).toString('hex')}/${safe}`;
};

const KEY = /^[a-z0-9-]{1,21}\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{16}\/[A-Za-z0-9._-]{1,100}$/;

/**
 * Files users and administrators upload (avatars, logos), kept in a directory set in the environment
 * (`USER_ASSETS_DIR`, by default in the data directory), each beside a small record of its media type, and served back under
 * `/user-assets/{key}`.
 */
export class DirectoryStorage {
  private readonly root: string;
  constructor(directory: string) {
    this.root = resolve(directory);
  }

  async save(tenantId: string, fileName: string, mimeType: string, data: Buffer): Promise<string> {
    const key = keyFor(tenantId, fileName);
    const path = this.pathOf(key);
    if (!path) throw new Error('unsafe asset key');
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, data, { flag: 'wx' });
    await writeFile(`${path}.type`, mimeType, { flag: 'wx' });
    return key;
  }

  /** The file of a key and its media type, or undefined (an unknown key, or one that is not a key). */
  async read(key: string): Promise<{ data: Buffer; mimeType: string } | undefined> {
    const path = this.pathOf(key);
    if (!path) return undefined;
    try {
      const [data, mimeType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { data, mimeType };
    } catch {
      return undefined;
    }
  }

  private pathOf(key: string): string | undefined {
    if (!KEY.test(key)) return undefined;
    const path = resolve(this.root, key);
    return path.startsWith(this.root + sep) ? path : undefined;
  }
}
