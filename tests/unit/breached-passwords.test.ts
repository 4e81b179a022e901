import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BreachedPasswords, inRange } from '../../src/entities/user/server/account/breached-passwords.js';
import { startPwnedRangeServer } from '../api/pwned-range-server.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

describe('breached passwords (k-anonymity range API)', () => {
  let range: Awaited<ReturnType<typeof startPwnedRangeServer>>;
  beforeAll(async () => {
    range = await startPwnedRangeServer(['Kx7#pLm.Wq2', 'correct horse battery staple']);
  });
  afterAll(() => range.close());

  it('finds a breached password by its hash suffix, sending only the 5-character prefix', async () => {
    const fallbacks: unknown[] = [];
    const check = new BreachedPasswords({ rangeUrl: range.url, onFallback: (error) => fallbacks.push(error) });
    expect(await check.isBreached('Kx7#pLm.Wq2')).toBe(true);
    expect(await check.isBreached('correct horse battery staple')).toBe(true);
    // Not in the range answer, though the bundled list of common passwords has it: the API is what answers.
    expect(await check.isBreached('baseball')).toBe(false);
    expect(range.asked.slice(-3)).toEqual(
      [sha1('Kx7#pLm.Wq2'), sha1('correct horse battery staple'), sha1('baseball')].map((h) => h.slice(0, 5)),
    );
    expect(fallbacks).toEqual([]);
  });

  it('reads SUFFIX:COUNT lines, ignoring the padding entries with count 0', () => {
    const suffix = sha1('x').slice(5);
    expect(inRange(`AAAA:1\r\n${suffix}:7\r\n`, suffix)).toBe(true);
    expect(inRange(`${suffix.toLowerCase()}:3`, suffix)).toBe(true);
    expect(inRange(`${suffix}:0\r\nBBBB:2`, suffix)).toBe(false);
  });

  it('falls back to the bundled list of common passwords when the range API is down', async () => {
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const { port } = down.address() as AddressInfo;
    await new Promise<void>((resolve) => down.close(() => resolve()));
    const fallbacks: unknown[] = [];
    const check = new BreachedPasswords({
      rangeUrl: `http://127.0.0.1:${port}/range`,
      onFallback: (error) => fallbacks.push(error),
    });
    expect(await check.isBreached('baseball')).toBe(true);
    expect(await check.isBreached('Password1')).toBe(true);
    expect(await check.isBreached('Kx7#pLm.Wq2')).toBe(false);
    expect(fallbacks).toHaveLength(3);
  });

  it('falls back when the range API answers an error', async () => {
    const failing = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const { port } = failing.address() as AddressInfo;
    try {
      const check = new BreachedPasswords({ rangeUrl: `http://127.0.0.1:${port}/range/` });
      expect(await check.isBreached('letmein')).toBe(true);
      expect(await check.isBreached('Kx7#pLm.Wq2')).toBe(false);
    } finally {
      await new Promise<void>((resolve) => failing.close(() => resolve()));
    }
  });
});
