/**
 * A tenant's own sign-in pages (`POST /api/sign-in-exp/default/custom-ui-assets` through a client typed by Logto's
 * Management API): a zip is unpacked and kept under a new id; once the sign-in experience names it, the interaction's
 * page is its `index.html` (its relative links resolved below its files) under its own policy, and its files are
 * served; Logto's 400s for what is not a usable zip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases } from './harness.js';
import { useSignInPages } from './sign-in-pages-steps.js';

const INDEX =
  '<!doctype html><html><head><title>Own sign-in</title></head><body><script src="./app.js"></script></body></html>';

const zipOf = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

const codeOf = (answer: { error?: unknown }) => (answer.error as { code?: string } | undefined)?.code;

const form = (data: Uint8Array, type = 'application/zip', name = 'ui.zip') => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return body;
};

describe.each(databases())('custom UI assets on $name', (target) => {
  const directory = mkdtempSync(join(tmpdir(), 'custom-ui-'));
  const pages = useSignInPages(target, () => ({ userAssetsDir: directory }));
  let client: Client<paths>;

  beforeAll(() => {
    client = createClient<paths>({ baseUrl: pages.origin() });
    return () => rmSync(directory, { recursive: true, force: true });
  });
  beforeEach(() => pages.reset());

  const upload = (body: FormData) =>
    client.POST('/api/sign-in-exp/default/custom-ui-assets', {
      body: body as never,
      bodySerializer: (value: unknown) => value as BodyInit,
    });

  it('UploadCustomUiAssets: the uploaded pages become the interaction page once the sign-in experience names them', async () => {
    const script = 'document.title = "ready";';
    const uploaded = await upload(form(zipOf({ 'dist/index.html': INDEX, 'dist/app.js': script })));
    expect(uploaded.response.status).toBe(200);
    const id = uploaded.data?.customUiAssetId as string;
    expect(id).toMatch(/^[a-z0-9]{8}$/);

    // Not named yet: the built-in page.
    expect((await pages.openAt('')).text).not.toContain('Own sign-in');
    await pages.patch('', { customUiAssets: { id, createdAt: Date.now() } });
    const page = await pages.openAt('');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<head><base href="/custom-ui/${id}/"><title>Own sign-in</title>`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'; connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");

    const file = await fetch(`${pages.origin()}/custom-ui/${id}/app.js`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('javascript');
    expect(await file.text()).toBe(script);
    // Another tenant's path does not reach this tenant's files, nor does a path out of the folder.
    expect((await fetch(`${pages.origin()}/t/acme/custom-ui/${id}/app.js`)).status).toBe(404);
    expect((await fetch(`${pages.origin()}/custom-ui/${id}/..%2F..%2Fsecret`)).status).toBe(404);
  });

  it('refuses a file that is not a zip, one over 20 MiB, a zip without index.html and one with a path out of its folder', async () => {
    const notZip = await upload(form(strToU8('plain text'), 'text/plain', 'ui.txt'));
    expect([notZip.response.status, codeOf(notZip)]).toEqual([400, 'guard.mime_type_not_allowed']);
    const broken = await upload(form(strToU8('not really a zip')));
    expect([broken.response.status, codeOf(broken)]).toEqual([400, 'guard.invalid_input']);
    const tooLarge = await upload(form(new Uint8Array(20 * 1024 * 1024 + 1)));
    expect([tooLarge.response.status, codeOf(tooLarge)]).toEqual([400, 'guard.file_size_exceeded']);
    const noIndex = await upload(form(zipOf({ 'app.js': '1' })));
    expect(codeOf(noIndex)).toBe('guard.invalid_input');
    const escaping = await upload(form(zipOf({ 'index.html': INDEX, '../outside.js': '1' })));
    expect(codeOf(escaping)).toBe('guard.invalid_input');
  });
});
