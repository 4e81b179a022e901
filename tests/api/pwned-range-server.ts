import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Pwned Passwords range API (`GET /range/{5 hex}` answering `SUFFIX:COUNT` lines), knowing the
 * given passwords. It answers padded ranges (entries with count 0) like the real service, and records the
 * prefixes it was asked for, so a test sees that only the prefix left the server.
 */
export const startPwnedRangeServer = async (breached: string[]) => {
  const hashes = breached.map((password) => createHash('sha1').update(password).digest('hex').toUpperCase());
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    const match = /^\/range\/([0-9A-Fa-f]{5})$/.exec(request.url ?? '');
    if (!match?.[1]) {
      response.writeHead(404).end();
      return;
    }
    const prefix = match[1].toUpperCase();
    asked.push(prefix);
    const lines = hashes.filter((hash) => hash.startsWith(prefix)).map((hash) => `${hash.slice(5)}:42`);
    lines.push(`${'0'.repeat(35)}:0`, `${'F'.repeat(35)}:3`);
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end(lines.join('\r\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/range/`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
