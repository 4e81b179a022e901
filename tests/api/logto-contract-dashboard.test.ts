/**
 * Logto's Management API contract: the dashboard's user counts.
 * Driven over HTTP with a client typed by Logto's own types (from `@logto/api`) and Logto-shaped bodies, every
 * operation must answer Logto's status and carry every field Logto declares as required, with the declared JSON
 * type (the shapes are in logto-contract-shapes.ts).
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import {
  activeUsersShape,
  countShape,
  dauShape,
  expectShape,
  newUsersShape,
  type TotalUsers,
} from './logto-contract-shapes.js';

describe.each(databases())('Logto Management API contract on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  it('dashboard: GetTotalUserCount, GetNewUserCounts, GetActiveUserCounts (400 for a bad date)', async () => {
    const total = await client.GET('/api/dashboard/users/total');
    expect(total.response.status).toBe(200);
    expectShape<TotalUsers>(total.data, { totalUserCount: ['number'] }, 'GetTotalUserCount');

    const fresh = await client.GET('/api/dashboard/users/new');
    expect(fresh.response.status).toBe(200);
    expectShape(fresh.data, newUsersShape, 'GetNewUserCounts');
    for (const key of ['today', 'last7Days'] as const) expectShape(fresh.data?.[key], countShape, key);

    const active = await client.GET('/api/dashboard/users/active', { params: { query: { date: '2024-02-29' } } });
    expect(active.response.status).toBe(200);
    expectShape(active.data, activeUsersShape, 'GetActiveUserCounts');
    for (const key of ['dau', 'wau', 'mau'] as const) expectShape(active.data?.[key], countShape, key);
    expect(active.data?.dauCurve).toHaveLength(30);
    expectShape(active.data?.dauCurve[29], dauShape, 'dauCurve[29]');
    expect(active.data?.dauCurve[29]?.date).toBe('2024-02-29');

    const bad = await client.GET('/api/dashboard/users/active', { params: { query: { date: '29.02.2024' } } });
    expect(bad.response.status).toBe(400);
  });
});
