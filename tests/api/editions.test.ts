/**
 * Entities of one edition on servers of each: an entity the descriptor gives to the cloud edition has no routes on an
 * open-source server (404, as any unknown path) and is served by a cloud one; entities of both are everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedCatalog } from '../../src/server/catalog.js';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

/** The generated catalog with webhooks made a cloud-only entity. */
const cloudHooks = () => {
  const catalog = generatedCatalog();
  const models = catalog.models.map((model) =>
    model.name === 'hook' ? { ...model, edition: 'cloud' as const } : model,
  );
  return { ...catalog, models };
};

describe.each(databases())('editions on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let oss: RunningServer;
  let cloud: RunningServer;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    oss = await startServer(db, { catalog: cloudHooks() });
    cloud = await startServer(db, { catalog: cloudHooks(), edition: 'cloud' });
  });
  afterAll(async () => {
    await oss?.close();
    await cloud?.close();
    await dispose();
  });

  it('routes an edition’s own entity only on a server of that edition', async () => {
    expect((await fetch(`${oss.origin}/api/hooks`)).status).toBe(404);
    expect((await fetch(`${cloud.origin}/api/hooks`)).status).toBe(200);
    for (const server of [oss, cloud]) expect((await fetch(`${server.origin}/api/roles`)).status).toBe(200);
  });
});
