import { beforeEach, describe, expect, it } from 'vitest';
import { databases, type Reply, useApi } from './harness.js';

/**
 * `Prefer: count=exact|planned|estimated` (PostgREST's preference, RFC 7240) on the generic lists: the default stays
 * Logto's exact `Total-Number`; `planned` answers the planner's estimate; `estimated` counts up to a threshold (here
 * 20, set for the test) and answers the planner's estimate above it. An estimate says so in
 * `Total-Number-Is-Estimated`, and the honoured preference in `Preference-Applied`.
 */
const THRESHOLD = 20;
/** Users of the default tenant on gmail.com (every other one of `USERS`), and as many elsewhere. */
const USERS = 300;
const GMAIL = USERS / 2;

describe.each(databases())('list counts on $name', (target) => {
  const api = useApi(target, { app: { countThreshold: THRESHOLD } });
  const get = (url: string, prefer?: string) =>
    api.request('GET', url, undefined, prefer === undefined ? undefined : { prefer });

  /** The users straight into the table, as its owner: half of them on gmail.com, and gmail users of another tenant. */
  beforeEach(async () => {
    await api.db.query(
      `INSERT INTO users (tenant_id, id, username, primary_email, name)
       SELECT t, t || '-u' || g, 'user' || g, 'person' || g || CASE WHEN g % 2 = 0 THEN '@gmail.com' ELSE '@example.org' END,
         'Person ' || g
       FROM generate_series(1, $1::int) g, unnest(ARRAY['default', 'acme']) t
       WHERE t = 'default' OR g % 2 = 0`,
      [USERS],
    );
    await api.db.exec('ANALYZE users');
  });

  const total = (reply: Reply) => Number(reply.headers['total-number']);
  /** The count headers of a reply, for one assertion on all of them. */
  const counting = (reply: Reply) => ({
    status: reply.status,
    estimated: reply.headers['total-number-is-estimated'],
    applied: reply.headers['preference-applied'],
  });
  /** A planner's estimate: near the truth on freshly analyzed rows, never a count. */
  const near = (value: number, truth: number) => {
    expect(value).toBeGreaterThanOrEqual(Math.floor(truth / 3));
    expect(value).toBeLessThanOrEqual(truth * 3);
  };
  const search = '/api/users?search=%25gmail%25&page=1&page_size=5';

  it('answers the exact total without a Prefer header, as before, and says nothing more', async () => {
    const reply = await get(search);
    expect(total(reply)).toBe(GMAIL);
    expect(counting(reply)).toEqual({ status: 200, estimated: undefined, applied: undefined });
    expect(reply.headers.link).toContain('rel="last"');
    const exact = await get(search, 'count=exact');
    expect(total(exact)).toBe(GMAIL);
    expect(counting(exact)).toEqual({ status: 200, estimated: undefined, applied: 'count=exact' });
    expect(exact.body).toEqual(reply.body);
  });

  it('answers the planner’s estimate for count=planned', async () => {
    const reply = await get(search, 'count=planned');
    expect(counting(reply)).toEqual({ status: 200, estimated: 'true', applied: 'count=planned' });
    near(total(reply), GMAIL);
    expect(reply.body).toHaveLength(5);
    // A field search goes through its own page function, the plain list through the row counters: both estimate.
    const field = await get('/api/users?search.primaryEmail=%25gmail%25&page=1&page_size=5', 'count=planned');
    expect(counting(field)).toEqual({ status: 200, estimated: 'true', applied: 'count=planned' });
    near(total(field), GMAIL);
    const all = await get('/api/users?page=1&page_size=5', 'count=planned');
    expect(counting(all)).toEqual({ status: 200, estimated: 'true', applied: 'count=planned' });
    near(total(all), USERS);
  });

  it('counts exactly up to the threshold for count=estimated', async () => {
    // person10@gmail.com, person12@… up to person18@: five matches, fewer than the threshold.
    for (const url of [
      '/api/users?search=%25son1_@gmail%25&page=1&page_size=2',
      '/api/users?search.primaryEmail=%25son1_@gmail%25&page=1&page_size=2',
      '/api/users?search=%25son1_@gmail%25&page=9&page_size=2',
    ]) {
      const reply = await get(url, 'count=estimated');
      expect(total(reply), url).toBe(5);
      expect(counting(reply), url).toEqual({ status: 200, estimated: undefined, applied: 'count=estimated' });
    }
  });

  it('answers the planner’s estimate above the threshold for count=estimated, never the threshold or less', async () => {
    for (const url of [search, '/api/users?search.primaryEmail=%25gmail%25&page=1&page_size=5']) {
      const reply = await get(url, 'count=estimated');
      expect(counting(reply)).toEqual({ status: 200, estimated: 'true', applied: 'count=estimated' });
      expect(total(reply)).toBeGreaterThan(THRESHOLD);
      near(total(reply), GMAIL);
      expect(reply.body).toHaveLength(5);
      // The links name the next page while pages come back full, and no last page, which the estimate cannot know.
      expect(reply.headers.link).toContain('page=2&page_size=5>; rel="next"');
      expect(reply.headers.link).not.toContain('rel="last"');
    }
    // A page past the end of the matches still carries the estimated total.
    const past = await get('/api/users?search=%25gmail%25&page=100&page_size=5', 'count=estimated');
    expect(past.body).toEqual([]);
    expect(counting(past)).toEqual({ status: 200, estimated: 'true', applied: 'count=estimated' });
    expect(past.headers.link).not.toContain('rel="next"');
  });

  it('keeps an exact total it has at no cost (row counters) for count=estimated', async () => {
    const reply = await get('/api/users?page=1&page_size=5', 'count=estimated');
    expect(total(reply)).toBe(USERS);
    expect(counting(reply)).toEqual({ status: 200, estimated: undefined, applied: 'count=estimated' });
  });

  it('reads count among other preferences, and ignores what it does not understand', async () => {
    for (const prefer of [
      'return=minimal, count=estimated',
      'respond-async;wait=5, count="estimated"; x=1',
      'Count = estimated',
    ]) {
      const reply = await get(search, prefer);
      expect(counting(reply), prefer).toEqual({ status: 200, estimated: 'true', applied: 'count=estimated' });
    }
    for (const prefer of ['count=banana', 'count', 'count=', 'count=Estimated', ',;=,"', 'x="count=planned"']) {
      const reply = await get(search, prefer);
      expect(total(reply), prefer).toBe(GMAIL);
      expect(counting(reply), prefer).toEqual({ status: 200, estimated: undefined, applied: undefined });
    }
    // Only the first count preference counts (RFC 7240): one the server does not understand leaves the default.
    const twice = await get(search, 'count=planned, count=exact');
    expect(counting(twice)).toEqual({ status: 200, estimated: 'true', applied: 'count=planned' });
    const whole = await get('/api/organization-scopes', 'count=estimated');
    expect(counting(whole)).toEqual({ status: 200, estimated: undefined, applied: undefined });
    expect(whole.headers['total-number']).toBeUndefined();
  });

  it('counts roles left out of a user’s (an exclusion, searched or not) by preference', async () => {
    await api.db.query(
      `INSERT INTO roles (tenant_id, id, name, description)
       SELECT 'default', 'r' || g, 'role-' || g, 'Role' FROM generate_series(1, 60) g`,
    );
    await api.db.exec('ANALYZE roles');
    const url = '/api/roles?excludeUserId=default-u2&page=1&page_size=5';
    expect(total(await get(url))).toBe(60);
    const estimated = await get(url, 'count=estimated');
    expect(counting(estimated)).toEqual({ status: 200, estimated: 'true', applied: 'count=estimated' });
    near(total(estimated), 60);
    // A search combined with the exclusion collects its matches to sort them, so it counts them exactly anyway.
    const searched = await get(`${url}&search=%25role-%25`, 'count=estimated');
    expect(total(searched)).toBe(60);
    expect(counting(searched)).toEqual({ status: 200, estimated: undefined, applied: 'count=estimated' });
    const planned = await get(`${url}&search=%25role-%25`, 'count=planned');
    expect(counting(planned)).toEqual({ status: 200, estimated: 'true', applied: 'count=planned' });
    const past = await get('/api/roles?excludeUserId=default-u2&page=99&page_size=5', 'count=planned');
    expect(counting(past)).toEqual({ status: 200, estimated: 'true', applied: 'count=planned' });
    near(total(past), 60);
  });

  it('counts the audit log by preference, and leaves enableCap as Logto has it', async () => {
    await api.db.query(
      `INSERT INTO logs (tenant_id, id, key, result, user_id, payload)
       SELECT 'default', 'log' || g, 'ExchangeTokenBy.RefreshToken', 'Success', 'default-u2', '{}'
       FROM generate_series(1, 60) g`,
    );
    await api.db.exec('ANALYZE logs');
    const url = '/api/logs?userId=default-u2&page=1&page_size=5';
    expect(total(await get(url))).toBe(60);
    const estimated = await get(url, 'count=estimated');
    expect(counting(estimated)).toEqual({ status: 200, estimated: 'true', applied: 'count=estimated' });
    expect(total(estimated)).toBeGreaterThan(THRESHOLD);
    const planned = await get(url, 'count=planned');
    expect(counting(planned)).toEqual({ status: 200, estimated: 'true', applied: 'count=planned' });
    near(total(planned), 60);
    const few = await get('/api/logs?userId=nobody&page=1&page_size=5', 'count=estimated');
    expect(total(few)).toBe(0);
    expect(counting(few)).toEqual({ status: 200, estimated: undefined, applied: 'count=estimated' });
    const capped = await get(`${url}&enableCap=true`, 'count=planned');
    expect(total(capped)).toBe(60);
    expect(counting(capped)).toEqual({ status: 200, estimated: undefined, applied: undefined });
  });

  it('counts the users of a role (a relation’s list) by preference', async () => {
    const role = await api.create('/api/roles', { name: 'readers', description: 'Read' });
    await api.db.query(
      `INSERT INTO users_roles (tenant_id, user_id, role_id) SELECT 'default', id, $1 FROM users WHERE tenant_id = 'default'`,
      [role.id],
    );
    await api.db.exec('ANALYZE users_roles');
    const members = `/api/roles/${role.id}/users?page=1&page_size=5`;
    expect(total(await get(members))).toBe(USERS);
    expect(total(await get(`${members}&search=%25gmail%25`))).toBe(GMAIL);
    const estimated = await get(members, 'count=estimated');
    expect(counting(estimated)).toEqual({ status: 200, estimated: 'true', applied: 'count=estimated' });
    expect(total(estimated)).toBeGreaterThan(THRESHOLD);
    near(total(estimated), USERS);
    const searched = await get(`${members}&search=%25gmail%25`, 'count=estimated');
    expect(counting(searched)).toEqual({ status: 200, estimated: 'true', applied: 'count=estimated' });
    expect(total(searched)).toBeGreaterThan(THRESHOLD);
    const few = await get(`${members}&search=%25son1_@gmail%25`, 'count=estimated');
    expect(total(few)).toBe(5);
    expect(counting(few)).toEqual({ status: 200, estimated: undefined, applied: 'count=estimated' });
    const planned = await get(members, 'count=planned');
    expect(counting(planned)).toEqual({ status: 200, estimated: 'true', applied: 'count=planned' });
    near(total(planned), USERS);
  });
});
