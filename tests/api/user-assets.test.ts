/**
 * Uploads (`/api/user-assets`) through a client typed by Logto's Management API: a server with a place for files
 * takes an image and serves it at the URL it answers; one without says it is not configured; Logto's 400s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

// A one-pixel PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const form = (data: Buffer, type: string, name = 'avatar.png', field = 'file') => {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(data)], { type }), name);
  return body;
};

describe.each(databases())('user assets on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let bare: RunningServer;
  let client: Client<paths>;
  const directory = mkdtempSync(join(tmpdir(), 'assets-'));

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db, { userAssetsDir: directory });
    bare = await startServer(db);
    client = createClient<paths>({ baseUrl: server.origin });
  });
  afterAll(async () => {
    await server?.close();
    await bare?.close();
    await dispose();
    rmSync(directory, { recursive: true, force: true });
  });

  const upload = (body: FormData | string, on: Client<paths> = client) =>
    on.POST('/api/user-assets', {
      body: body as never,
      bodySerializer: (value: unknown) => value as BodyInit,
      ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
    });

  it('GetUserAssetServiceStatus: ready with the limits where files have a place, else not configured', async () => {
    const ready = await client.GET('/api/user-assets/service-status');
    expect(ready.data).toMatchObject({ status: 'ready', maxUploadFileSize: 8 * 1024 * 1024 });
    expect(ready.data?.allowUploadMimeTypes).toContain('image/png');
    const off = await createClient<paths>({ baseUrl: bare.origin }).GET('/api/user-assets/service-status');
    expect(off.data).toEqual({ status: 'not_configured' });
  });

  it('UploadUserAsset: an image stored and served at its URL, never as a page of the origin', async () => {
    const uploaded = await upload(form(PNG, 'image/png', 'my avatar.png'));
    expect(uploaded.response.status, JSON.stringify(uploaded.error)).toBe(200);
    const url = uploaded.data?.url ?? '';
    expect(url).toMatch(
      new RegExp(`^${server.origin}/user-assets/default/\\d{4}/\\d{2}/\\d{2}/[0-9a-f]{16}/my_avatar\\.png$`),
    );
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    for (const path of ['/user-assets/default/../../etc/passwd', '/user-assets/%2e%2e/%2e%2e/etc/passwd']) {
      expect((await fetch(`${server.origin}${path}`)).status).toBe(404);
    }
  });

  it("answers Logto's 400s: no file, a type it does not take, too large, nowhere to keep it", async () => {
    const refusals: Array<[FormData | string, string, Client<paths>?]> = [
      ['{}', 'guard.invalid_input'],
      [form(PNG, 'image/png', 'a.png', 'picture'), 'guard.invalid_input'],
      [form(Buffer.from('<html>'), 'text/html', 'page.html'), 'guard.mime_type_not_allowed'],
      [form(Buffer.alloc(8 * 1024 * 1024 + 1), 'image/png'), 'guard.file_size_exceeded'],
      [form(PNG, 'image/png'), 'storage.not_configured', createClient<paths>({ baseUrl: bare.origin })],
    ];
    for (const [body, code, on] of refusals) {
      const answer = await upload(body, on);
      expect(answer.response.status, code).toBe(400);
      expect(answer.error).toMatchObject({ code });
    }
  });
});
