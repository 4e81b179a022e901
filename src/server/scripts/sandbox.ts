import {
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten-core';
import { hostFetch } from './host-fetch.js';
import type { ScriptFailureKind, ScriptJob, ScriptResult } from './protocol.js';

const MiB = 1024 * 1024;
/** Deep enough for any honest script, shallow enough that QuickJS stops a runaway recursion before the host does. */
const STACK_BYTES = 256 * 1024;

/**
 * What the script sees besides its own code: a `fetch` that answers a plain response (`ok`, `status`, `headers.get`,
 * `text()`, `json()`), a silent `console`, and the call of its entry with `api.denyAccess`. Nothing of the host is
 * reachable: the script runs in QuickJS compiled to WebAssembly, whose only door out is `__hostFetch`.
 */
const PRELUDE = `
globalThis.console = Object.freeze({ log() {}, info() {}, warn() {}, error() {}, debug() {} });
globalThis.fetch = async (input, init = {}) => {
  const raw = JSON.parse(await __hostFetch(String(input), JSON.stringify({
    method: init.method, headers: init.headers, body: init.body,
  })));
  return {
    ok: raw.status >= 200 && raw.status < 300,
    status: raw.status,
    statusText: raw.statusText,
    headers: { get: (name) => raw.headers[String(name).toLowerCase()] ?? null },
    text: async () => raw.body,
    json: async () => JSON.parse(raw.body),
  };
};
`;

const callOf = (entry: string) => `(async () => {
  class AccessDenied extends Error {}
  AccessDenied.prototype.name = 'AccessDenied';
  const payload = JSON.parse(globalThis.__payload);
  payload.api = Object.freeze({ denyAccess(message) { throw new AccessDenied(message ?? 'Access denied.'); } });
  const value = await ${entry}(payload);
  return value === undefined ? undefined : JSON.stringify(value);
})()`;

interface DumpedError {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
}

const failureOf = (error: unknown, fallback: ScriptFailureKind): Extract<ScriptResult, { ok: false }> => {
  const dumped = (error && typeof error === 'object' ? error : { message: error }) as DumpedError;
  const name = String(dumped.name ?? '');
  const message = String(dumped.message ?? 'The script failed.');
  const stack = typeof dumped.stack === 'string' && dumped.stack ? { stack: dumped.stack } : {};
  if (name === 'AccessDenied') return { ok: false, kind: 'denied', message };
  if (name === 'InternalError' && message === 'interrupted') return { ok: false, kind: 'timeout', message };
  if (name === 'InternalError' && message === 'out of memory') return { ok: false, kind: 'oom', message };
  if (name === 'SyntaxError' && fallback === 'syntax') return { ok: false, kind: 'syntax', message, ...stack };
  return { ok: false, kind: fallback === 'syntax' ? 'runtime' : fallback, message, ...stack };
};

const installFetch = (vm: QuickJSContext, deadline: number, isAlive: () => boolean) => {
  const bridge = vm.newFunction('__hostFetch', (urlHandle: QuickJSHandle, initHandle: QuickJSHandle) => {
    const url = vm.getString(urlHandle);
    const init = JSON.parse(vm.getString(initHandle)) as Record<string, unknown>;
    const deferred = vm.newPromise();
    hostFetch(url, init, deadline - Date.now()).then(
      (response) => {
        if (!isAlive()) return;
        const text = vm.newString(JSON.stringify(response));
        deferred.resolve(text);
        text.dispose();
      },
      (error: unknown) => {
        if (!isAlive()) return;
        const failure = vm.newError(error instanceof Error ? error.message : String(error));
        deferred.reject(failure);
        failure.dispose();
      },
    );
    void deferred.settled.then(() => {
      if (isAlive()) vm.runtime.executePendingJobs();
    });
    return deferred.handle;
  });
  vm.setProp(vm.global, '__hostFetch', bridge);
  bridge.dispose();
};

/**
 * Runs one job in a fresh QuickJS runtime with the job's memory limit and deadline; the runtime is disposed after,
 * so nothing a script leaves behind reaches the next run. Throws only when the engine itself broke (the caller then
 * drops its worker).
 */
export const runInSandbox = async (quickjs: QuickJSWASMModule, job: ScriptJob): Promise<ScriptResult> => {
  const deadline = Date.now() + job.limits.wallClockMs;
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(job.limits.memoryMb * MiB);
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const vm = runtime.newContext();
  let alive = true;
  try {
    installFetch(vm, deadline, () => alive);
    const payload = vm.newString(JSON.stringify(job.payload));
    vm.setProp(vm.global, '__payload', payload);
    payload.dispose();
    vm.unwrapResult(vm.evalCode(PRELUDE, 'prelude.js')).dispose();

    const loaded = vm.evalCode(`${job.script}\n;typeof ${job.entry} === 'function'`, 'script.js');
    if (loaded.error) {
      const error = vm.dump(loaded.error);
      loaded.error.dispose();
      return failureOf(error, 'syntax');
    }
    const defined = vm.dump(loaded.value) === true;
    loaded.value.dispose();
    if (!defined) return { ok: false, kind: 'entry', message: `The script defines no function ${job.entry}.` };

    const call = vm.evalCode(callOf(job.entry), 'call.js');
    if (call.error) {
      const error = vm.dump(call.error);
      call.error.dispose();
      return failureOf(error, 'runtime');
    }
    const settled = vm.resolvePromise(call.value);
    call.value.dispose();
    runtime.executePendingJobs();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
    });
    const outcome = await Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
    if (outcome === 'timeout') {
      return { ok: false, kind: 'timeout', message: `The script ran longer than ${job.limits.wallClockMs} ms.` };
    }
    if (outcome.error) {
      const error = vm.dump(outcome.error);
      outcome.error.dispose();
      return failureOf(error, 'runtime');
    }
    const text = vm.dump(outcome.value) as unknown;
    outcome.value.dispose();
    return { ok: true, value: typeof text === 'string' ? (JSON.parse(text) as unknown) : undefined };
  } finally {
    alive = false;
    vm.dispose();
    runtime.dispose();
  }
};
