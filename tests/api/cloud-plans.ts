/**
 * A cloud server with one signed-up owner, for tests of plans and quotas: the cloud API as the owner, new tenants
 * (production ones start on the free plan, development ones on the development plan) and each tenant's API with the
 * owner's organization token for it.
 */
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, expect } from 'vitest';
import type { paths } from '../../src/generated/api.js';
import type { Database } from '../../src/server/db/database.js';
import { type ConsoleTokens, cloudSignIn, tenantToken } from './cloud-accounts.js';
import { type DatabaseTarget, unique } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

export interface PlanTenant {
  id: string;
  planId: string;
}

export type TenantApi = ReturnType<typeof createClient<paths>>;

export const usePlanServer = (target: DatabaseTarget) => {
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let owner: ConsoleTokens;
  const state = { db: undefined as unknown as Database };

  beforeAll(async () => {
    let db: Database;
    ({ db, dispose } = await target.open());
    state.db = db;
    server = await startServer(db, { edition: 'cloud', verifier: 'identity' });
    owner = await cloudSignIn(server.origin, unique('owner_'), { register: true });
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const cloudApi = () =>
    createClient<paths>({
      baseUrl: `${server.origin}/t/admin`,
      headers: { authorization: `Bearer ${owner.access_token}` },
    });
  const tenantApi = async (tenantId: string): Promise<TenantApi> => {
    const answer = await tenantToken(server.origin, owner, tenantId);
    expect(answer.status).toBe(200);
    return createClient<paths>({
      baseUrl: `${server.origin}/t/${tenantId}`,
      headers: { authorization: `Bearer ${answer.body.access_token}` },
    });
  };
  const createTenant = async (tag: 'development' | 'production') => {
    const { data, response } = await cloudApi().POST('/api/tenants', { body: { name: unique('T '), tag } as never });
    expect(response.status).toBe(201);
    return data as unknown as PlanTenant;
  };
  /** How many rows of a table the tenant holds. */
  const count = async (table: string, tenantId: string, where = 'TRUE') =>
    (
      await state.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1 AND ${where}`, [
        tenantId,
      ])
    ).rows[0]?.n;
  return { cloudApi, tenantApi, createTenant, count };
};
