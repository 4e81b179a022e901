import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { unzipSync } from 'fflate';
import { lookup } from 'mime-types';
import { ApiError } from '../http/api-error.js';

/** Logto's upload limit for a custom UI's zip (spec: 20 MB), and what its files may add up to once unpacked. */
export const MAX_CUSTOM_UI_ZIP_BYTES = 20 * 1024 * 1024;
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const MAX_FILES = 2000;

/** A path inside the zip a browser may ask for: relative, no `..`, no backslashes, no hidden or odd characters. */
const SAFE_PATH = /^(?:[A-Za-z0-9_@~+-][A-Za-z0-9._@~+-]*\/)*[A-Za-z0-9_@~+-][A-Za-z0-9._@~+-]*$/;

const refuse = (reason: string) => new ApiError('guard.invalid_input', { type: 'file' }, { reason });

/**
 * The files of a custom UI's zip, by path. A zip of one build folder (`dist/index.html`...) is read from inside that
 * folder. Refused (400 `guard.invalid_input`): not a zip, no `index.html`, a path that could leave the folder, more
 * than 2,000 files or 64 MiB unpacked (a zip bomb stops at the limit, before it is inflated).
 */
export const customUiFiles = (zip: Uint8Array): Map<string, Uint8Array> => {
  let total = 0;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (file) => {
        if (file.name.endsWith('/')) return false;
        count += 1;
        total += file.originalSize;
        if (count > MAX_FILES || total > MAX_UNPACKED_BYTES) throw refuse('The zip holds too much.');
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuse('The file is not a zip archive.');
  }
  const names = Object.keys(entries);
  const top = names[0]?.split('/')[0];
  const nested =
    top !== undefined && !names.includes('index.html') && names.every((name) => name.startsWith(`${top}/`));
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(entries)) {
    const path = nested ? name.slice((top as string).length + 1) : name;
    if (!SAFE_PATH.test(path)) throw refuse(`The zip holds a path that is not allowed: ${name.slice(0, 200)}`);
    files.set(path, data);
  }
  if (!files.has('index.html')) throw refuse('The zip has no index.html.');
  return files;
};

/** A new asset id: Logto's are 8 characters of lowercase letters and digits. */
const newAssetId = () =>
  Array.from(randomBytes(8), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

/**
 * Where the tenants' custom UIs are kept: below the uploads' directory, `custom-ui/{tenantId}/{assetId}/`, each
 * upload a new folder (written aside, then moved into place whole), never changed afterwards.
 */
export class CustomUiStorage {
  private readonly root: string;
  constructor(directory: string) {
    this.root = resolve(directory, 'custom-ui');
  }

  async save(tenantId: string, files: Map<string, Uint8Array>): Promise<string> {
    const id = newAssetId();
    const target = this.folderOf(tenantId, id);
    const staging = `${target}.partial`;
    for (const [path, data] of files) {
      const file = join(staging, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data);
    }
    try {
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    return id;
  }

  /** A file of an upload and its media type; undefined for a path that is not one of its files. */
  async read(tenantId: string, id: string, path: string): Promise<{ data: Buffer; mimeType: string } | undefined> {
    if (!/^[a-z0-9]{1,64}$/.test(id) || !SAFE_PATH.test(path)) return undefined;
    const folder = this.folderOf(tenantId, id);
    const file = resolve(folder, path);
    if (!file.startsWith(folder + sep)) return undefined;
    try {
      return { data: await readFile(file), mimeType: lookup(file) || 'application/octet-stream' };
    } catch {
      return undefined;
    }
  }

  private folderOf(tenantId: string, id: string) {
    return join(this.root, tenantId, id);
  }
}
