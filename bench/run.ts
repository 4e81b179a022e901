/**
 * What every benchmark script shares: progress on stderr, the report on stdout, and cleanups (temporary databases
 * and directories) that run at the end, after an error, or on Ctrl-C.
 */

export const log = (message: string) => process.stderr.write(`${message}\n`);
export const print = (message = '') => process.stdout.write(`${message}\n`);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const cleanups: (() => Promise<void>)[] = [];

/** Registers a cleanup; the returned function runs it now, once, and forgets it. */
export const onCleanup = (cleanup: () => Promise<void>) => {
  cleanups.push(cleanup);
  return async () => {
    const index = cleanups.indexOf(cleanup);
    if (index < 0) return;
    cleanups.splice(index, 1);
    await cleanup();
  };
};

/** Runs every registered cleanup, the latest first; a failing one is reported and the others still run. */
export const runCleanups = async () => {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()?.();
    } catch (error) {
      log(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
};

/** Runs a benchmark's main function, cleaning up whatever way it ends; an error sets a failing exit code. */
export const runBenchmark = async (main: () => Promise<unknown>) => {
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal} received, cleaning up`);
    void runCleanups().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await main();
  } catch (error) {
    process.exitCode = 1;
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await runCleanups();
  }
};
