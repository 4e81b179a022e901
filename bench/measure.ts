/** Serving the app and measuring scenarios against it, shared by the benchmarks. */
import { load, probe, type Scenario, type Summary } from './load.js';
import { fixed } from './report.js';
import { log, onCleanup } from './run.js';
import { cpuTime, startServer, stopServer } from './server.js';

export interface LoadSettings {
  duration: number;
  runs: number;
  connections: number;
  warmup: number;
}

/**
 * Starts the app, then warms up and measures every scenario; rounds interleave the scenarios. The server's stop is
 * a registered cleanup while it runs, so an interrupted run still stops it.
 */
export const measure = async (
  target: string,
  phase: string,
  serveEnv: Record<string, string>,
  scenarios: Scenario[],
  options: LoadSettings,
): Promise<{ summaries: Summary[]; elapsed: number }> => {
  const { origin, child } = await startServer(serveEnv);
  const stop = onCleanup(() => stopServer(child));
  const summaries: Summary[] = [];
  const started = Date.now();
  try {
    for (const scenario of scenarios) {
      summaries.push({ scenario: scenario.label, detail: await probe(origin, scenario), runs: [] });
    }
    if (options.warmup > 0) {
      for (const scenario of scenarios) {
        log(`[${target} ${phase}] warm-up ${scenario.label} (${options.warmup} s)`);
        await load(origin, scenario, options.warmup, options.connections);
      }
    }
    // Rounds interleave the scenarios, so a slow drift of the machine spreads over all of them.
    for (let round = 1; round <= options.runs; round++) {
      for (const [i, scenario] of scenarios.entries()) {
        const before = await cpuTime(child);
        const run = await load(origin, scenario, options.duration, options.connections);
        run.cpu = ((await cpuTime(child)) - before) / run.total;
        summaries[i]?.runs.push(run);
        log(
          `[${target} ${phase}] run ${round}/${options.runs} ${scenario.label}: ${fixed(run.rps)} req/s, ` +
            `p50 ${fixed(run.p50, 2)} ms, p90 ${fixed(run.p90, 2)} ms, p99 ${fixed(run.p99, 2)} ms, ${run.total} requests, ${run.bad} non-2xx/errors`,
        );
      }
    }
  } finally {
    await stop();
  }
  return { summaries, elapsed: Date.now() - started };
};
