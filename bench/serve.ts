/**
 * The app under load, in its own process so that it shares no event loop with the load generator (PGlite runs on
 * the app's thread). Started by api-bench.ts through `fork`; reads BENCH_SERVE_DATABASE_URL or
 * BENCH_SERVE_DATA_DIR, listens on 127.0.0.1 with a port the system picks and reports it over IPC.
 */
import { buildApp } from '../src/server/app.js';
import { readConfig } from '../src/server/config.js';
import { connectDatabase } from '../src/server/db/connect.js';

const databaseUrl = process.env.BENCH_SERVE_DATABASE_URL || undefined;
const dataDir = process.env.BENCH_SERVE_DATA_DIR || undefined;
if (!databaseUrl && !dataDir) throw new Error('serve.ts needs BENCH_SERVE_DATABASE_URL or BENCH_SERVE_DATA_DIR');
if (!process.send) throw new Error('serve.ts is started by api-bench.ts');

const db = await connectDatabase({ databaseUrl, dataDir });
// The benchmark may set the threshold of `Prefer: count=estimated` as the server reads it.
const app = await buildApp({ db, countThreshold: readConfig().countThreshold });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ port: Number(new URL(address).port) });
// The benchmark asks for this process's CPU time around each run: the app's CPU per request, apart from the load
// generator's.
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  // The export benchmark samples the process's resident memory while a response streams.
  if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss });
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
