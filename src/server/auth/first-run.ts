import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { ADMIN_TENANT_ID } from '../tenants/urls.js';

/**
 * `GET /api/.well-known/first-run` → `{ firstRun }`: true while no console account exists, so the console shows
 * its welcome page and opens registration for the first administrator. Public: it reveals only that bit.
 */
export const registerFirstRunRoute = (app: FastifyInstance, db: Database) => {
  app.get('/api/.well-known/first-run', async () => {
    const { rows } = await db.withTenant(ADMIN_TENANT_ID, (tx) =>
      tx.query('SELECT 1 FROM users WHERE tenant_id = $1 LIMIT 1', [ADMIN_TENANT_ID]),
    );
    return { firstRun: rows.length === 0 };
  });
};
