import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';
import { type UsersClient, usersClient } from './user-sign-in.js';

describe.each(databases())('searching users on $name', (target) => {
  // The users are created once; every test only reads them.
  const api = useApi(target, { resetBeforeEach: false });
  let client: UsersClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    client = usersClient(await api.listen());
    await api.reset();
    for (const user of [
      { username: 'ada', primaryEmail: 'ada@example.com', name: 'Ada Lovelace', primaryPhone: '+15550001' },
      { username: 'grace', primaryEmail: 'grace@navy.example.org', name: 'Grace Hopper' },
      { username: 'Alan_T', primaryEmail: 'alan@example.org', name: 'Alan Turing', primaryPhone: '+15550002' },
      { username: 'edsger', name: 'Edsger Dijkstra' },
    ]) {
      ids[user.username] = (await api.create('/api/users', user)).id;
    }
    // A user of another tenant that every search below would match, were it not for the tenant.
    await api.db.query(
      `INSERT INTO users (tenant_id, id, username, primary_email, name, primary_phone)
       VALUES ('acme', 'elsewhere1', 'ada_elsewhere', 'ada@example.com', 'Ada Elsewhere', '+15550001')`,
    );
    // The newest users match none of the searches below, so a page is not always among the newest rows.
    await api.db.query(
      `INSERT INTO users (tenant_id, id, username, name) SELECT 'default', 'f' || g, 'filler' || g, 'Filler'
       FROM generate_series(1, 30) g`,
    );
  });

  /** The usernames a search finds (sorted), insisting on 200 and an exact Total-Number. */
  const found = async (query: Record<string, string | string[]>) => {
    const { data, response, error } = await client.GET('/api/users', {
      params: { query: { page: 1, page_size: 20, ...query } as never },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    expect(response.headers.get('total-number')).toBe(String(data?.length));
    return (data ?? []).map((user) => user.username).sort();
  };
  const refused = async (query: Record<string, string | string[]>) => {
    const { response, error } = await client.GET('/api/users', { params: { query: query as never } });
    expect(response.status, JSON.stringify(query)).toBe(400);
    // Logto's code, with the reason in the message (`Input is invalid. Search field … is not allowed …`).
    expect(error).toMatchObject({
      code: 'request.invalid_input',
      message: expect.stringMatching(/^Input is invalid\. \S/),
    });
  };

  it('searches id, username, email, phone and name with search=%x%, case-insensitively', async () => {
    expect(await found({ search: '%example.org%' })).toEqual(['Alan_T', 'grace']);
    expect(await found({ search: '%LOVELACE%' })).toEqual(['ada']);
    expect(await found({ search: '%5550002%' })).toEqual(['Alan_T']);
    expect(await found({ search: `%${ids.edsger}%` })).toEqual(['edsger']);
    expect(await found({ search: '%nobody%' })).toEqual([]);
  });

  it('searches one field with search.<field>, like by default', async () => {
    expect(await found({ 'search.primaryEmail': '%example.org' })).toEqual(['Alan_T', 'grace']);
    expect(await found({ 'search.name': '%a%', 'search.primaryPhone': '%0001' })).toEqual(
      await found({ search: '%a%' }),
    );
    expect(await found({ 'search.name': '%a%', 'search.primaryPhone': '%0001', joint: 'and' })).toEqual(['ada']);
    expect(await found({ 'search.username': '%A%', isCaseSensitive: 'true' })).toEqual(['Alan_T']);
    // Logto's truthy words turn the flag on; an empty joint is the default `or`.
    expect(await found({ 'search.username': '%A%', isCaseSensitive: 'Yes' })).toEqual(['Alan_T']);
    expect(await found({ 'search.username': '%A%', isCaseSensitive: 'no' })).toEqual(
      await found({ 'search.username': '%a%' }),
    );
    expect(await found({ 'search.name': '%a%', 'search.primaryPhone': '%0001', joint: '' })).toEqual(
      await found({ search: '%a%' }),
    );
    expect(await found({ 'search.primaryEmail': 'ada@%', 'search.username': '%elsewhere%' })).toEqual(['ada']);
  });

  it('finds only the tenant’s own users, whatever the mode', async () => {
    expect(await found({ 'search.primaryEmail': '%@example.com' })).toEqual(['ada']);
    expect(await found({ 'search.username': 'ada_elsewhere', 'mode.username': 'exact' })).toEqual([]);
    expect(await found({ 'search.name': 'elsewhere', 'mode.name': 'posix' })).toEqual([]);
    expect(await found({ search: '%5550001%', mode: 'like' })).toEqual(['ada']);
  });

  it('takes an exact value literally: its % and _ are no wildcards', async () => {
    expect(await found({ 'search.username': 'a%', 'mode.username': 'exact' })).toEqual([]);
    expect(await found({ 'search.username': 'alan%t', 'mode.username': 'exact' })).toEqual([]);
    expect(await found({ 'search.username': 'ada_', 'mode.username': 'exact' })).toEqual([]);
    expect(await found({ 'search.username': ['a_a', 'ADA'], 'mode.username': 'exact' })).toEqual(['ada']);
  });

  it('matches exactly, case-insensitively unless told otherwise, one value or several', async () => {
    expect(await found({ 'search.username': 'alan_t', 'mode.username': 'exact' })).toEqual(['Alan_T']);
    expect(await found({ 'search.username': 'alan_t', 'mode.username': 'exact', isCaseSensitive: 'true' })).toEqual([]);
    expect(await found({ 'search.username': ['ada', 'GRACE'], 'mode.username': 'exact' })).toEqual(['ada', 'grace']);
    expect(await found({ search: 'ada', mode: 'exact' })).toEqual(['ada']);
  });

  it('matches POSIX regular expressions and SQL SIMILAR TO patterns', async () => {
    expect(await found({ 'search.name': '^(ada|alan) ', 'mode.name': 'posix' })).toEqual(['Alan_T', 'ada']);
    expect(await found({ 'search.name': '^(ada|alan) ', 'mode.name': 'posix', isCaseSensitive: 'true' })).toEqual([]);
    expect(
      await found({ 'search.username': '(ada|grace)', 'mode.username': 'similar_to', isCaseSensitive: 'true' }),
    ).toEqual(['ada', 'grace']);
  });

  it('pages a search with its total', async () => {
    const { data, response } = await client.GET('/api/users', {
      params: { query: { page: 2, page_size: 1, 'search.primaryEmail': '%example%' } as never },
    });
    expect(response.headers.get('total-number')).toBe('3');
    expect(data).toHaveLength(1);
  });

  it('pages any search in the same order at every page size, with the same total', async () => {
    for (const query of [
      { search: '%a%' },
      { 'search.name': '%A%' },
      { 'search.name': '^(ada|alan|grace|edsger) ', 'mode.name': 'posix' },
      { 'search.primaryEmail': '%example%', 'search.name': '%hopper%', joint: 'or' },
    ]) {
      const all = await client.GET('/api/users', { params: { query: { page: 1, page_size: 20, ...query } as never } });
      const total = all.response.headers.get('total-number');
      expect(Number(total), JSON.stringify(query)).toBeGreaterThanOrEqual(3);
      for (const size of [1, 2, 3]) {
        const ids: string[] = [];
        for (let page = 1; page <= 5; page++) {
          const { data, response } = await client.GET('/api/users', {
            params: { query: { page, page_size: size, ...query } as never },
          });
          expect(response.headers.get('total-number')).toBe(total);
          ids.push(...(data ?? []).map((user) => user.id));
        }
        expect(ids, JSON.stringify({ query, size })).toEqual((all.data ?? []).map((user) => user.id));
      }
    }
  });

  it('refuses unknown fields and modes, bad patterns and empty values with 400, never a server error', async () => {
    await refused({ 'search.customData': '%x%' });
    await refused({ 'search.passwordEncrypted': '%' });
    await refused({ 'search.nope': 'x' });
    await refused({ 'mode.nope': 'exact', search: 'x' });
    await refused({ 'search.name': 'x', 'mode.name': 'fuzzy' });
    await refused({ search: 'x', mode: 'regex' });
    await refused({ 'search.name': 'x', joint: 'xor' });
    await refused({ 'search.name': '(unclosed', 'mode.name': 'posix' });
    await refused({ 'search.name': '*', 'mode.name': 'posix' });
    await refused({ 'search.name': '(a', 'mode.name': 'similar_to', isCaseSensitive: 'true' });
    await refused({ 'search.name': 'a', 'mode.name': 'similar_to' });
    await refused({ 'search.name': ['a', 'b'], 'mode.name': 'like' });
    await refused({ 'search.name': '', 'mode.name': 'exact' });
    // A like pattern's unpaired trailing backslash is a literal one, as in search=.
    expect(await found({ 'search.name': '%Hopper\\', isCaseSensitive: 'true' })).toEqual([]);
  });
});
