import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { CSP_NONCE_PLACEHOLDER } from '../../src/shared/csp-nonce.js';
import { migratedPgliteTemplate } from '../template-databases.js';

/** A console build in miniature: the shell as the bundler writes it (nonce placeholders) and one asset. */
const writeConsole = (dir: string) => {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" src="/console/assets/index.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head>
<body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dir, 'assets', 'index.js'), 'export {};\n');
};

const directives = (policy: string | undefined) =>
  Object.fromEntries(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('console shell and its Content-Security-Policy', () => {
  let db: Database;
  let app: FastifyInstance;
  let consoleDir: string;

  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'gatehouse-console-'));
    writeConsole(consoleDir);
    db = await connectDatabase({ template: migratedPgliteTemplate() });
    app = await buildApp({ db, consoleDir, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('gives every shell a fresh nonce, in the page and in a policy with nothing inline or evaluated', async () => {
    const nonces: string[] = [];
    for (const path of ['/console', '/console/roles/abc/permissions']) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      const csp = directives(policy);
      expect(csp['script-src']).toEqual(["'self'"]);
      const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(csp['style-src']?.[1] ?? '')?.[1];
      expect(nonce, policy).toBeDefined();
      expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      nonces.push(nonce as string);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('sends the strict policy without a nonce with assets and API answers', async () => {
    for (const path of ['/console/assets/index.js', '/api/status', '/api/.well-known/first-run']) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBeLessThan(300);
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp['style-src'], path).toEqual(["'self'"]);
      expect(csp['script-src'], path).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });
});
