/** Starts and stops the app under load (bench/serve.ts) in a child process. */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts the app in a child process on 127.0.0.1 and resolves with its origin. */
export const startServer = (serveEnv: Record<string, string>): Promise<{ origin: string; child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), [], {
      env: { ...process.env, ...serveEnv },
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('The app did not start within 120 s'));
    }, 120_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      const port = (message as { port?: number }).port;
      if (typeof port === 'number') resolve({ origin: `http://127.0.0.1:${port}`, child });
      else reject(new Error(`Unexpected message from the app process: ${JSON.stringify(message)}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The app process exited with code ${code} before listening`));
    });
  });

/** The app process's CPU time so far (user and system), in µs. */
export const cpuTime = (child: ChildProcess) =>
  new Promise<number>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu;
      if (!cpu) return;
      child.off('message', onMessage);
      resolve(cpu.user + cpu.system);
    };
    child.on('message', onMessage);
    if (!child.send('cpu')) reject(new Error('The app process cannot be asked for its CPU time'));
  });

export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** The app process's resident memory now, in bytes. */
export const residentMemory = (child: ChildProcess) =>
  new Promise<number>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const rss = (message as { rss?: number }).rss;
      if (typeof rss !== 'number') return;
      child.off('message', onMessage);
      resolve(rss);
    };
    child.on('message', onMessage);
    if (!child.send('rss')) reject(new Error('The app process cannot be asked for its memory'));
  });
