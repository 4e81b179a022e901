import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScriptLimits } from '../../src/server/scripts/protocol.js';
import { ScriptRunner } from '../../src/server/scripts/runner.js';

const runner = new ScriptRunner(2);
afterAll(() => runner.close());

const limits: ScriptLimits = { wallClockMs: 1500, memoryMb: 32 };
const run = (script: string, payload: Record<string, unknown> = {}, over: Partial<ScriptLimits> = {}) =>
  runner.run({ script, entry: 'getCustomJwtClaims', payload, limits: { ...limits, ...over } });

const claims = (body: string) => `const getCustomJwtClaims = async ({ token, context, environmentVariables, api }) => {
  ${body}
};`;

describe('the script sandbox', () => {
  it("answers the entry's value, given the payload", async () => {
    const result = await run(
      claims('return { greeting: environmentVariables.WORD + " " + token.sub, n: context.n + 1 };'),
      {
        token: { sub: 'u1' },
        context: { n: 41 },
        environmentVariables: { WORD: 'hello' },
      },
    );
    expect(result).toEqual({ ok: true, value: { greeting: 'hello u1', n: 42 } });
  });

  it('tells a syntax error, a missing entry, a throw and a denial apart', async () => {
    expect(await run('const getCustomJwtClaims = async ( => {}')).toMatchObject({ ok: false, kind: 'syntax' });
    expect(await run('const other = () => ({})')).toMatchObject({ ok: false, kind: 'entry' });
    expect(await run(claims('throw new Error("no claims today");'))).toMatchObject({
      ok: false,
      kind: 'runtime',
      message: 'no claims today',
    });
    expect(await run(claims('api.denyAccess("not this user");'))).toEqual({
      ok: false,
      kind: 'denied',
      message: 'not this user',
    });
  });

  it('stops an endless loop, a slow native call and a promise that never settles at the wall clock', async () => {
    const quick = { wallClockMs: 400 };
    expect(await run(claims('for (;;) {}'), {}, quick)).toMatchObject({ ok: false, kind: 'timeout' });
    expect(
      // One native call (a default sort compares numbers as strings): seconds of work, never interrupted.
      await run(
        claims('const all = Array.from({ length: 3e6 }, (_, i) => (i * 7919) % 3e6); all.sort(); return {};'),
        {},
        { ...quick, memoryMb: 96 },
      ),
    ).toMatchObject({
      ok: false,
      kind: 'timeout',
    });
    expect(await run(claims('await new Promise(() => {});'), {}, quick)).toMatchObject({ ok: false, kind: 'timeout' });
    // The runner goes on serving after each.
    expect(await run(claims('return { after: true };'))).toEqual({ ok: true, value: { after: true } });
  });

  it('stops a huge allocation at the memory limit and a runaway recursion at the stack limit', async () => {
    const allocation = await run(
      claims('const all = []; for (;;) all.push("x".repeat(1 << 20) + all.length);'),
      {},
      {
        memoryMb: 16,
      },
    );
    expect(allocation).toMatchObject({ ok: false });
    expect(['oom', 'timeout']).toContain(allocation.ok ? 'ok' : allocation.kind);
    expect(await run(claims('const deep = (n) => deep(n + 1) + 1; return { n: deep(0) };'))).toMatchObject({
      ok: false,
      kind: 'runtime',
    });
    expect(await run(claims('return { after: true };'))).toEqual({ ok: true, value: { after: true } });
  });

  it("reaches nothing of the host: no process, require, import or the host's prototypes", async () => {
    const probe = await run(
      claims(`
      const reach = (f) => { try { return String(f()); } catch (error) { return 'blocked: ' + error.name; } };
      Object.prototype.polluted = 'yes';
      return {
        process: typeof process,
        require: typeof require,
        viaConstructor: reach(() => (function () {}).constructor('return typeof process')()),
        viaThis: reach(() => this && this.constructor && this.constructor.constructor('return typeof globalThis.process')()),
        importFs: await import('fs').then(() => 'imported', (error) => 'blocked: ' + error.name),
        buffer: typeof Buffer,
      };`),
    );
    expect(probe).toEqual({
      ok: true,
      value: {
        process: 'undefined',
        require: 'undefined',
        viaConstructor: 'undefined',
        viaThis: expect.stringMatching(/^(undefined|blocked: \w+)$/),
        importFs: expect.stringMatching(/^blocked: /),
        buffer: 'undefined',
      },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The next run starts from clean prototypes too.
    expect(await run(claims('return { polluted: ({}).polluted ?? null };'))).toEqual({
      ok: true,
      value: { polluted: null },
    });
  });

  it('fetches over http for the script', async () => {
    const server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ path: request.url, method: request.method }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await run(
        claims(`const response = await fetch('http://127.0.0.1:${port}/roles?u=1', { method: 'POST', body: '{}' });
        return { status: response.status, ok: response.ok, type: response.headers.get('Content-Type'), body: await response.json() };`),
      );
      expect(result).toEqual({
        ok: true,
        value: { status: 200, ok: true, type: 'application/json', body: { path: '/roles?u=1', method: 'POST' } },
      });
    } finally {
      server.close();
    }
  });
});
