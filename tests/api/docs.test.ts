import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { migratedPgliteTemplate } from '../template-databases.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The README's first- and second-level headings (code blocks left out: their `#` lines are shell comments). */
const readmeHeadings = [...readme.replace(/```[\s\S]*?```/g, '').matchAll(/^##? (.+)$/gm)].map(
  (match) => match[1] as string,
);

/** The text of an HTML fragment, as a reader sees it. */
const text = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"');

describe('the documentation pages', () => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await connectDatabase({ template: migratedPgliteTemplate() });
    app = await buildApp({ db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const expectStrictPage = (response: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Nothing the policy would block: no inline script or style, styling from the one stylesheet.
    expect(response.body).not.toMatch(/<script|<style|\sstyle=/i);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(response.body)?.[1];
    expect(stylesheet).toMatch(/^\/docs\/docs\.css\?v=\w+$/);
    expect(response.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    return stylesheet as string;
  };

  it('serves the guide written from the README, with its headings to link to', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs' });
    const stylesheet = expectStrictPage(response);
    expect(readmeHeadings.length).toBeGreaterThan(3);
    const headings = [...response.body.matchAll(/<h([12]) id="([^"]+)">(.*?)<\/h\1>/g)].map((m) => text(m[3] ?? ''));
    expect(headings).toEqual(readmeHeadings.map((heading) => heading.replaceAll('`', '')));
    expect(response.body).toContain('<a href="#architecture">Architecture</a>');

    const css = await app.inject({ method: 'GET', url: stylesheet });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('.operation');
  });

  it('serves the API reference generated from the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/api' });
    expectStrictPage(response);
    const page = text(response.body);
    for (const tag of ['Applications', 'Hooks', 'Resources', 'Roles']) {
      expect(response.body).toContain(`<h2 id="${tag.toLowerCase()}">${tag}</h2>`);
    }
    expect(response.body).toMatch(/<span class="method method-get">GET<\/span> <code>\/api\/roles<\/code>/);
    expect(response.body).toMatch(
      /<span class="method method-delete">DELETE<\/span> <code>\/api\/roles\/\{id\}<\/code>/,
    );
    // Parameters, request body fields with their rules, responses with the schema they carry.
    const createRole = response.body.slice(response.body.indexOf('id="createrole"'));
    const section = text(createRole.slice(0, createRole.indexOf('</section>')));
    expect(section).toContain('POST /api/roles');
    expect(section).toMatch(/name required\s*string/);
    expect(section).toContain('max length 128');
    expect(section).toMatch(/422\s*Unprocessable Content/);
    expect(page).toMatch(/page_size\s*query\s*integer/);
    expect(response.body).toContain('<a href="#schema-Role">Role</a>');
    expect(response.body).toContain('id="schema-Role"');
  });

  it('keeps the raw OpenAPI document where clients expect it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/swagger.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/roles']).toBeDefined();
  });
});
