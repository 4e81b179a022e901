import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../src/build/precompress.js';
import { buildApp } from '../../src/server/app.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { CSP_NONCE_PLACEHOLDER } from '../../src/shared/csp-nonce.js';
import { migratedPgliteTemplate } from '../template-databases.js';
import { Browser, freePort, pkce } from './oidc-helpers.js';

const ASSET = '/console/assets/app-Bq3xK9aZ.js';
const SMALL_ASSET = '/console/assets/tiny-C0ffee12.js';
/** A bundle file as the build writes it: big enough to be precompressed. */
const assetSource = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;

/** A console build in miniature, precompressed by the same step the real build runs. */
const writeConsole = async (dir: string) => {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<link rel="icon" type="image/svg+xml" href="/console/favicon.svg">
<script type="module" src="${ASSET}" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head>
<body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dir, ASSET.replace('/console/', '')), assetSource);
  writeFileSync(join(dir, SMALL_ASSET.replace('/console/', '')), 'export {};\n');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressDir(dir);
};

describe('console files: encodings and caching', () => {
  let db: Database;
  let app: FastifyInstance;
  let consoleDir: string;
  let origin: string;

  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'gatehouse-static-'));
    await writeConsole(consoleDir);
    db = await connectDatabase({ template: migratedPgliteTemplate() });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = await buildApp({ db, consoleDir, logger: false, publicUrl: origin });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('writes brotli and gzip copies beside bundle files of at least 1 KiB only', () => {
    const asset = join(consoleDir, ASSET.replace('/console/', ''));
    expect(brotliDecompressSync(readFileSync(`${asset}.br`)).toString()).toBe(assetSource);
    expect(gunzipSync(readFileSync(`${asset}.gz`)).toString()).toBe(assetSource);
    expect(() => readFileSync(join(consoleDir, 'assets', 'tiny-C0ffee12.js.br'))).toThrow();
  });

  it('sends a bundle file in the encoding the browser accepts, brotli first', async () => {
    const br = await get(ASSET, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.rawPayload.length).toBeLessThan(assetSource.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(assetSource);

    const gzip = await get(ASSET, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(assetSource);

    for (const identity of [undefined, 'identity']) {
      const plain = await get(ASSET, identity);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(assetSource);
    }

    for (const response of [br, gzip]) {
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it('lets browsers keep hashed bundle files for a year, and revalidate the favicon daily', async () => {
    for (const url of [ASSET, SMALL_ASSET]) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    const favicon = await get('/console/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('does not expose the compressed copies or the raw shell as files, and answers 404 for a missing bundle file', async () => {
    for (const url of [`${ASSET}.br`, `${ASSET}.gz`, '/console/assets/app-0ld0ld00.js']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
    }
    const raw = await get('/console/index.html');
    expect(raw.statusCode).toBe(200);
    expect(raw.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('has browsers revalidate the shell and keeps it out of shared caches', async () => {
    const shell = await get('/console/roles', 'gzip, br');
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.headers['cache-control']).toBe('private, no-cache');
    // No validator: a 304 would pair the stored page with the new response's nonce.
    expect(shell.headers.etag).toBeUndefined();
    expect(shell.headers['last-modified']).toBeUndefined();
    expect(String(shell.headers['content-security-policy'])).toMatch(/'nonce-[A-Za-z0-9+/=]{22,}'/);
  });

  it('names an icon on the sign-in page that every tenant can load', async () => {
    const { challenge } = pkce();
    const params = new URLSearchParams({
      client_id: 'admin-console',
      redirect_uri: `${origin}/console/callback`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'favicon',
      prompt: 'login',
    });
    const page = await new Browser().follow(`${origin}/t/admin/oidc/auth?${params}`);
    expect(page.status, page.text).toBe(200);
    expect(page.url).toContain('/t/admin/interaction/');
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(page.text)?.[1];
    expect(href, page.text).toBe('/favicon.svg');

    const icon = await fetch(new URL(href as string, page.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await icon.text()).toContain('<svg');

    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });
});
