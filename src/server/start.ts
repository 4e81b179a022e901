import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { readConfig, type ServerConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { StartRefused } from './start-refused.js';

/** A refusal is printed as its reason alone; anything else with its stack. Either way the exit code is 1. */
function refuse(error: unknown): never {
  if (error instanceof StartRefused) console.error(`Gatehouse cannot start: ${error.message}`);
  else console.error('Gatehouse cannot start:', error);
  process.exit(1);
}

let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  refuse(error);
}
const db = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(refuse);
const { app, address } = await (async () => {
  const app = await buildApp({
    db,
    consoleDir: config.consoleDir,
    publicUrl: config.publicUrl,
    bootstrap: config.bootstrap,
    pwnedRangeUrl: config.pwnedRangeUrl,
    captcha: config.captcha,
    countThreshold: config.countThreshold,
    userAssetsDir: config.userAssetsDir,
    vault: config.vault,
    protectedAppDomain: config.protectedAppDomain,
    edition: config.edition,
    billing: config.billing,
    releaseFeedUrl: config.releaseFeedUrl,
    adminMail: config.adminMail,
    adminSocialConnectors: config.adminSocialConnectors,
    // Every management route requires a bearer token from the tenant's provider or the admin tenant's (console users).
    verifier: 'identity',
    logger: { level: process.env.LOG_LEVEL || 'info' },
  });
  return { app, address: await app.listen({ port: config.port, host: config.host }) };
})().catch(async (error) => {
  await db.close().catch(() => undefined);
  return refuse(error);
});
const url = new URL(address);
if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = 'localhost';

console.log(
  `Gatehouse is running on ${config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`}.`,
);
// Users open the console at the public URL (sign-in redirects are built from it), which may be a proxy in front.
const publicOrigin = new URL(config.publicUrl).origin;
const listening = publicOrigin === url.origin ? '' : ` (listening on ${url.origin})`;
console.log(
  existsSync(join(config.consoleDir, 'index.html'))
    ? `Console: ${publicOrigin}/console${listening}`
    : `API: ${publicOrigin}/api${listening} (the console is not built; run npm run build)`,
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, stopping.`);
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
