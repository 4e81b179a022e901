/**
 * Whether hashing passwords blocks other requests: a GET's latency measured alone, then again while `writers`
 * clients keep creating users with passwords (argon2id, which must run off the event loop).
 */
import { load, type Run, type Scenario } from './load.js';
import { fixed } from './report.js';
import { log, onCleanup } from './run.js';
import { startServer, stopServer } from './server.js';

export interface WriteCheck {
  alone: Run;
  during: Run;
  created: number;
  createRate: number;
}

export const measureDuringPasswordWrites = async (
  serveEnv: Record<string, string>,
  read: Scenario,
  duration: number,
  connections: number,
  writers = 4,
): Promise<WriteCheck> => {
  const { origin, child } = await startServer(serveEnv);
  const stop = onCleanup(() => stopServer(child));
  try {
    await load(origin, read, 1, connections);
    const alone = await load(origin, read, duration, connections);
    let running = true;
    let created = 0;
    let failed = 0;
    const started = performance.now();
    const writer = async (w: number) => {
      for (let n = 0; running; n++) {
        const response = await fetch(`${origin}/api/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `bench_writer_${w}_${n}_${Date.now()}`, password: 'bench-Passw0rd!' }),
        });
        await response.arrayBuffer();
        if (response.ok) created++;
        else failed++;
      }
    };
    const writing = Array.from({ length: writers }, (_, w) => writer(w));
    const during = await load(origin, read, duration, connections);
    running = false;
    await Promise.all(writing);
    const elapsed = (performance.now() - started) / 1000;
    if (failed > 0) throw new Error(`${failed} user creations failed`);
    log(
      `[writes] ${read.label}: p50 ${fixed(alone.p50, 2)} ms alone, ${fixed(during.p50, 2)} ms during ${created} creations`,
    );
    return { alone, during, created, createRate: created / elapsed };
  } finally {
    await stop();
  }
};
