/**
 * The self-hosted console's version badge reads `/api/.well-known/release`: the release the server runs and whether
 * the release feed (RELEASE_FEED_URL, a local server here) announces a newer one; a feed that fails or is not set
 * announces nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { isNewer } from '../../src/server/releases/feed.js';
import { databases } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

describe.each(databases().slice(0, 1))('release feed on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  const feed = { status: 200, body: '{"latestRelease":"99.0.0"}', reads: 0 };
  const feedServer = createServer((_, response) => {
    feed.reads++;
    response.writeHead(feed.status, { 'content-type': 'application/json' }).end(feed.body);
  });
  let feedUrl = '';
  const servers: RunningServer[] = [];

  const releaseOf = async (releaseFeedUrl?: string) => {
    const server = await startServer(db, { releaseFeedUrl });
    servers.push(server);
    return (await fetch(`${server.origin}/api/.well-known/release`)).json();
  };

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/latest.json`;
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await new Promise((resolve) => feedServer.close(resolve));
    await dispose();
  });

  it('names a newer release the feed announces', async () => {
    const release = await releaseOf(feedUrl);
    expect(release).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      latestRelease: '99.0.0',
      updateAvailable: true,
    });
  });

  it('announces nothing newer for an older release, a failing feed or none', async () => {
    feed.body = '{"latestRelease":{"version":"0.0.1"}}';
    expect(await releaseOf(feedUrl)).toMatchObject({ latestRelease: '0.0.1', updateAvailable: false });
    feed.status = 503;
    expect(await releaseOf(feedUrl)).toMatchObject({ latestRelease: null, updateAvailable: false });
    expect(await releaseOf()).toMatchObject({ latestRelease: null, updateAvailable: false });
  });

  it('compares release numbers part by part', () => {
    expect(isNewer('1.10.0', '1.9.2')).toBe(true);
    expect(isNewer('v1.2.0', '1.2.0')).toBe(false);
    expect(isNewer('1.2.0-rc.1', '1.1.9')).toBe(true);
    expect(isNewer('0.9.9', '1.0.0')).toBe(false);
  });
});
