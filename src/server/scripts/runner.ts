import { Worker } from 'node:worker_threads';
import type { ScriptJob, ScriptResult } from './protocol.js';

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
}

interface WorkerMessage {
  ready?: boolean;
  result?: ScriptResult;
  reusable?: boolean;
}

/** How long past a job's own deadline the host waits before it stops the worker (a native call that ignores it). */
const GRACE_MS = 250;
/** An idle worker ends after this. */
const IDLE_MS = 30_000;

const spawn = (): Slot => {
  const worker = new Worker(new URL('./sandbox-worker.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: 64 },
  });
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (!message.ready) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  // A worker that failed to start is dropped by the job that waited for it.
  ready.catch(() => undefined);
  return { worker, ready };
};

/**
 * Runs tenants' scripts off the server's thread: a few worker threads, each running QuickJS (WebAssembly) one job at a
 * time. The wall clock is a hard bound: a job still running past its deadline has its worker terminated (a native
 * call inside the engine cannot be interrupted otherwise), and a job still queued then fails as well.
 */
export class ScriptRunner {
  private readonly idle: Slot[] = [];
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly maxWorkers = 2) {}

  async run(job: ScriptJob): Promise<ScriptResult> {
    const deadline = Date.now() + job.limits.wallClockMs;
    const slot = await this.acquire(deadline);
    if (!slot)
      return {
        ok: false,
        kind: 'timeout',
        message: `The script waited longer than ${job.limits.wallClockMs} ms to run.`,
      };
    try {
      await slot.ready;
    } catch (error) {
      this.release(undefined);
      return { ok: false, kind: 'runtime', message: `The sandbox did not start: ${String(error)}` };
    }
    return new Promise<ScriptResult>((resolve) => {
      const { worker } = slot;
      const finish = (result: ScriptResult, reusable: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        if (!reusable) void worker.terminate();
        this.release(reusable ? slot : undefined);
        resolve(result);
      };
      const onMessage = (message: WorkerMessage) => {
        if (message.result) finish(message.result, message.reusable === true);
      };
      const onError = (error: Error) => finish({ ok: false, kind: 'runtime', message: error.message }, false);
      const timer = setTimeout(
        () =>
          finish(
            { ok: false, kind: 'timeout', message: `The script ran longer than ${job.limits.wallClockMs} ms.` },
            false,
          ),
        Math.max(0, deadline - Date.now()) + GRACE_MS,
      );
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.postMessage(job);
    });
  }

  /** Ends every idle worker (busy ones end when their job does). */
  async close(): Promise<void> {
    const slots = this.idle.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private async acquire(deadline: number): Promise<Slot | undefined> {
    for (;;) {
      const slot = this.idle.pop();
      if (slot) {
        clearTimeout(slot.idleTimer);
        this.busy += 1;
        return slot;
      }
      if (this.busy < this.maxWorkers) {
        this.busy += 1;
        return spawn();
      }
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      const freed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(wake), 1);
          resolve(false);
        }, left);
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        this.waiting.push(wake);
      });
      if (!freed) return undefined;
    }
  }

  private release(slot: Slot | undefined) {
    this.busy -= 1;
    if (slot) {
      slot.idleTimer = setTimeout(() => {
        const at = this.idle.indexOf(slot);
        if (at >= 0) this.idle.splice(at, 1);
        void slot.worker.terminate();
      }, IDLE_MS);
      slot.idleTimer.unref();
      this.idle.push(slot);
    }
    this.waiting.shift()?.();
  }
}

let shared: ScriptRunner | undefined;
/** The process's one runner: its workers serve every tenant, each run in a runtime of its own. */
export const sharedScriptRunner = (): ScriptRunner => {
  shared ??= new ScriptRunner();
  return shared;
};
