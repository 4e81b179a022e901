/**
 * The member list's `Total-Number` comes from a per-organization counter kept with every membership change: it stays
 * exact when two requests add overlapping members at once, when members leave in several ways (removed, replaced,
 * the user deleted) and per organization.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('organization member counts on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newOrganization = async (name: string) =>
    (await client.POST('/api/organizations', { body: { name } })).data?.id ?? '';
  const newUsers = async (prefix: string, count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push((await client.POST('/api/users', { body: { username: `${prefix}${i}` } })).data?.id ?? '');
    }
    return ids;
  };
  const add = (id: string, userIds: string[]) =>
    client.POST('/api/organizations/{id}/users', { params: { path: { id } }, body: { userIds } });
  /** The first page's `Total-Number` and rows, and the members listed whole. */
  const members = async (id: string) => {
    const page = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id }, query: { page: 1, page_size: 5 } },
    });
    const all = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id }, query: { page: 1, page_size: 100 } },
    });
    return {
      total: Number(page.response.headers.get('Total-Number')),
      rows: page.data?.length,
      listed: all.data?.length,
    };
  };

  it('counts exactly what two concurrent, overlapping bulk adds made', async () => {
    const id = await newOrganization('Acme');
    const users = await newUsers('racer', 16);
    const replies = await Promise.all([add(id, users.slice(0, 10)), add(id, users.slice(6, 16))]);
    expect(replies.map((reply) => reply.response.status)).toEqual([201, 201]);
    expect(await members(id)).toEqual({ total: 16, rows: 5, listed: 16 });

    // Again at once: some new, some members already, from both sides.
    const more = await newUsers('late', 4);
    await Promise.all([add(id, [...users.slice(0, 3), ...more.slice(0, 3)]), add(id, [...more, users[15] ?? ''])]);
    expect(await members(id)).toEqual({ total: 20, rows: 5, listed: 20 });
  });

  it('counts members removed, replaced and deleted, per organization', async () => {
    const [acme, globex] = [await newOrganization('Acme'), await newOrganization('Globex')];
    const users = await newUsers('member', 8);
    await add(acme, users);
    await add(globex, users.slice(0, 2));

    await client.DELETE('/api/organizations/{id}/users/{userId}', {
      params: { path: { id: acme, userId: users[7] ?? '' } },
    });
    expect((await members(acme)).total).toBe(7);
    await client.PUT('/api/organizations/{id}/users', {
      params: { path: { id: acme } },
      body: { userIds: users.slice(0, 4) },
    });
    expect(await members(acme)).toEqual({ total: 4, rows: 4, listed: 4 });
    // A deleted user leaves every organization they were in.
    await client.DELETE('/api/users/{userId}', { params: { path: { userId: users[0] ?? '' } } });
    expect(await members(acme)).toEqual({ total: 3, rows: 3, listed: 3 });
    expect(await members(globex)).toEqual({ total: 1, rows: 1, listed: 1 });
    // A refused add (an unknown user) changes nothing.
    const refused = await add(acme, [users[5] ?? '', 'missing']);
    expect(refused.response.status).toBe(422);
    expect((await members(acme)).total).toBe(3);
    // A search still counts its matches.
    const searched = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id: acme }, query: { page: 1, page_size: 5, q: 'member1' } },
    });
    expect(searched.response.headers.get('Total-Number')).toBe('1');
  });
});
