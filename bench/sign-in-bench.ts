/**
 * `npm run bench:sign-in`: the tenant sign-in page's weight and speed in Chromium. Each run is a cold load in a
 * fresh browser profile: the application's authorization request, its redirect to the sign-in page, the page and
 * its stylesheet. Prints the bytes transferred by kind (document, JavaScript, CSS, images) and the median
 * DOMContentLoaded over the runs, next to Logto's experience app's figures.
 *
 *   npm run bench:sign-in -- [--runs N] [--branded]
 *
 * `--branded` first gives the tenant colors, dark mode, custom CSS and custom content (a logo would need a network).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { connectDatabase } from '../src/server/db/connect.js';
import { startServer } from './in-process-server.js';
import { pkce } from './pkce.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, branded: { type: 'boolean', default: false } },
});
const runs = Math.max(1, Number(values.runs) || 10);
const LOGTO = { jsKiB: 391, dclMs: 555 };
const callback = 'https://portal.example.com/callback';

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

interface Sample {
  dcl: number;
  /** Until the page's first byte: the redirect and the server's work. */
  wait: number;
  bytes: { document: number; js: number; css: number; img: number; other: number };
}

const db = await connectDatabase({});
const server = await startServer(db);
const call = async (method: string, path: string, body: unknown) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
};

try {
  const app = await call('POST', '/applications', {
    name: 'Bench portal',
    type: 'SPA',
    oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
  });
  if (values.branded) {
    await call('PATCH', '/sign-in-exp', {
      color: { primaryColor: '#0A7B3E', isDarkModeEnabled: true, darkPrimaryColor: '#3FBF7F' },
      customCss: '.card{border-radius:4px}@media (max-width:480px){.card{margin:0}}',
      customContent: { '/sign-in': '<p>Welcome to the <strong>Bench</strong> portal.</p>' },
      supportEmail: 'help@example.com',
    });
  }

  const samples: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    const profile = mkdtempSync(join(tmpdir(), 'gatehouse-bench-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const { challenge } = pkce();
      const params = new URLSearchParams({
        client_id: String(app.id),
        redirect_uri: callback,
        response_type: 'code',
        scope: 'openid',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: String(run),
      });
      await page.goto(`${server.origin}/oidc/auth?${params}`, { waitUntil: 'load' });
      if (!page.url().includes('/interaction/')) throw new Error(`not on the sign-in page: ${page.url()}`);
      const sample = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const bytes = { document: navigation?.transferSize ?? 0, js: 0, css: 0, img: 0, other: 0 };
        for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          const path = new URL(entry.name).pathname;
          const kind =
            /\.m?js$/.test(path) || entry.initiatorType === 'script'
              ? 'js'
              : /\.css$/.test(path)
                ? 'css'
                : entry.initiatorType === 'img'
                  ? 'img'
                  : 'other';
          bytes[kind] += entry.transferSize;
        }
        // From the authorization request's start, its redirect to the page included.
        return { dcl: navigation?.domContentLoadedEventEnd ?? 0, wait: navigation?.responseStart ?? 0, bytes };
      });
      samples.push(sample);
      process.stderr.write(
        `run ${run + 1}/${runs}: DCL ${sample.dcl.toFixed(1)} ms, ${JSON.stringify(sample.bytes)}\n`,
      );
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }

  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const last = samples.at(-1)?.bytes ?? { document: 0, js: 0, css: 0, img: 0, other: 0 };
  const total = last.document + last.js + last.css + last.img + last.other;
  const dcl = median(samples.map((sample) => sample.dcl));
  console.log(`Sign-in page, cold load in a fresh profile, ${runs} runs${values.branded ? ', branded tenant' : ''}`);
  console.log(`  document     ${kib(last.document)}`);
  console.log(`  JavaScript   ${kib(last.js)}   (Logto: ${LOGTO.jsKiB} KiB; goal ≤ ${LOGTO.jsKiB / 2} KiB)`);
  console.log(`  CSS          ${kib(last.css)}`);
  console.log(`  images       ${kib(last.img)}`);
  console.log(`  total        ${kib(total)}`);
  const wait = median(samples.map((sample) => sample.wait));
  console.log(`  DCL median   ${dcl.toFixed(1)} ms   (Logto: ${LOGTO.dclMs} ms; goal ≤ ${LOGTO.dclMs / 2} ms)`);
  console.log(
    `    of which until the first byte (redirect and server) ${wait.toFixed(1)} ms, in the browser ${(dcl - wait).toFixed(1)} ms`,
  );
} finally {
  await server.close();
  await db.close();
}
