import { parentPort } from 'node:worker_threads';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import type { ScriptJob, ScriptResult } from './protocol.js';
import { runInSandbox } from './sandbox.js';

/** One script at a time, each in a fresh QuickJS runtime; a run that broke the engine ends the worker. */
const port = parentPort;
if (!port) throw new Error('The script sandbox runs in a worker thread.');
const quickjs = await newQuickJSWASMModuleFromVariant(variant);

port.on('message', async (job: ScriptJob) => {
  let result: ScriptResult;
  let broken = false;
  try {
    result = await runInSandbox(quickjs, job);
  } catch (error) {
    broken = true;
    const message = error instanceof Error ? error.message : String(error);
    result = { ok: false, kind: 'runtime', message };
  }
  // After a run stopped midway the engine may hold what the script left behind: this worker is not reused.
  port.postMessage({
    result,
    reusable: !broken && (result.ok || (result.kind !== 'timeout' && result.kind !== 'oom')),
  });
});
port.postMessage({ ready: true });
