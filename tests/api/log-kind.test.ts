import { describe, expect, it } from 'vitest';
import { databases } from './harness.js';
import { useShapesApi } from './shapes-app.js';

// tests/shapes/entities/auditEvent/resource.json: a log at /audit-events, filtered by time (startTime/endTime),
// by key prefix (keyPrefix) and by result (results, repeatable).
const path = '/api/audit-events';
const base = Date.UTC(2026, 0, 1);
const minute = 60_000;

interface Row {
  id: string;
  key: string;
  result: 'Success' | 'Error' | 'Pending';
  at: number;
  tenant?: string;
}

describe.each(databases())('a log entity on $name', (target) => {
  const { api } = useShapesApi(target);
  const insert = (rows: Row[]) =>
    api.db.query(
      `INSERT INTO audit_events (tenant_id, id, key, result, payload, created_at)
       SELECT t, i, k, r, '{}'::jsonb, timestamptz 'epoch' + a * interval '1 millisecond'
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int8[]) AS x(t, i, k, r, a)`,
      [
        rows.map((row) => row.tenant ?? 'default'),
        rows.map((row) => row.id),
        rows.map((row) => row.key),
        rows.map((row) => row.result),
        rows.map((row) => row.at),
      ],
    );
  const reset = () => api.db.exec('DELETE FROM audit_events;');
  const ids = (reply: { body: { id: string }[] }) => reply.body.map((item) => item.id);

  const sample: Row[] = [
    { id: 'e1', key: 'Interaction.SignIn', result: 'Success', at: base + 1 * minute },
    { id: 'e2', key: 'Interaction.SignIn', result: 'Error', at: base + 2 * minute },
    { id: 'e3', key: 'Interaction.Register', result: 'Pending', at: base + 3 * minute },
    { id: 'e4', key: 'Token.Exchange', result: 'Success', at: base + 4 * minute },
    { id: 'e5', key: 'Token.Revoke', result: 'Error', at: base + 5 * minute },
    { id: 'x1', key: 'Interaction.SignIn', result: 'Success', at: base + 3 * minute, tenant: 'acme' },
  ];

  it('lists newest first with Logto paging: page, page_size and an exact Total-Number', async () => {
    await reset();
    await insert(sample);
    const page = await api.get(`${path}?page=2&page_size=2`);
    expect(page.status).toBe(200);
    expect(ids(page)).toEqual(['e3', 'e2']);
    expect(page.headers['total-number']).toBe('5');
    expect(page.headers.link).toContain('rel="last"');
    expect(page.headers['total-number-is-capped']).toBeUndefined();
    // A page past the end is empty and still counts every entry.
    const past = await api.get(`${path}?page=4&page_size=2`);
    expect(past.body).toEqual([]);
    expect(past.headers['total-number']).toBe('5');
  });

  it('filters by time range (exclusive bounds), key prefix and several result values, alone and together', async () => {
    await reset();
    await insert(sample);
    const range = await api.get(`${path}?startTime=${base + 1 * minute}&endTime=${base + 4 * minute}`);
    expect(ids(range)).toEqual(['e3', 'e2']);
    expect((await api.get(`${path}?keyPrefix=Interaction.`)).body.map((e: Row) => e.id)).toEqual(['e3', 'e2', 'e1']);
    // A prefix is literal text: LIKE's wildcards match only themselves.
    expect((await api.get(`${path}?keyPrefix=Interaction_`)).body).toEqual([]);
    expect((await api.get(`${path}?keyPrefix=%25`)).body).toEqual([]);
    const results = await api.get(`${path}?results=Error&results=Pending`);
    expect(ids(results)).toEqual(['e5', 'e3', 'e2']);
    expect(results.headers['total-number']).toBe('3');
    const all = await api.get(`${path}?results=Success&keyPrefix=Token&startTime=${base}`);
    expect(ids(all)).toEqual(['e4']);
  });

  it('refuses bad filter values with 400 and the parameter', async () => {
    const reply = await api.get(`${path}?startTime=yesterday&results=Maybe`);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('guard.invalid_input');
    const paths = reply.body.data.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['/startTime', '/results']));
    const beyond = await api.get(`${path}?endTime=99999999999999999999`);
    expect(beyond.status).toBe(400);
    expect(beyond.body.data.issues[0].path).toBe('/endTime');
    expect((await api.get(`${path}?cursor=not-a-cursor`)).status).toBe(400);
    expect((await api.get(`${path}?cursor=&page=2`)).status).toBe(400);
  });

  it('reads one entry by id, and only in its own tenant', async () => {
    await reset();
    await insert(sample);
    const one = await api.get(`${path}/e2`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: 'e2',
      key: 'Interaction.SignIn',
      result: 'Error',
      createdAt: base + 2 * minute,
    });
    expect((await api.get(`${path}/x1`)).status).toBe(404);
    expect((await api.get(`${path}/missing`)).body.code).toBe('entity.not_exists_with_id');
  });

  it('has no write routes: POST, PATCH and DELETE answer 404 like any unknown route', async () => {
    await reset();
    await insert(sample);
    expect((await api.post(path, { key: 'Forged', result: 'Success', payload: {} })).status).toBe(404);
    expect((await api.patch(`${path}/e1`, { result: 'Error' })).status).toBe(404);
    expect((await api.delete(`${path}/e1`)).status).toBe(404);
    expect((await api.delete(path)).status).toBe(404);
    expect(await api.count('audit_events')).toBe(sample.length);
  });

  it('pages by keyset: every entry exactly once while newer ones arrive, ties on one instant included', async () => {
    await reset();
    // 45 entries, several sharing one instant, so the id breaks ties.
    const rows: Row[] = Array.from({ length: 45 }, (_, i) => ({
      id: `k${String(i).padStart(2, '0')}`,
      key: 'Interaction.SignIn',
      result: 'Success',
      at: base + Math.floor(i / 4) * minute,
    }));
    await insert(rows);
    const seen: string[] = [];
    let cursor = '';
    for (let pageNo = 0; pageNo < 20; pageNo++) {
      const page = await api.get(`${path}?page_size=10&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      expect(page.headers['total-number']).toBeUndefined();
      seen.push(...ids(page));
      // Newer entries arrive between pages; the pages already under way do not shift.
      await insert([{ id: `n${pageNo}`, key: 'Interaction.SignIn', result: 'Success', at: Date.now() }]);
      const next = page.headers['next-cursor'];
      if (typeof next !== 'string') break;
      cursor = next;
    }
    // Exactly the 45 entries there were, newest first (by instant, then id), none twice and none of the newer ones.
    const newestFirst = [...rows].sort((a, b) => b.at - a.at || b.id.localeCompare(a.id)).map((row) => row.id);
    expect(seen).toEqual(newestFirst);
  });

  it("caps the count at Logto's 10,000 with enableCap=true, and says so", async () => {
    await reset();
    await api.db.query(
      `INSERT INTO audit_events (tenant_id, id, key, result, payload, created_at)
       SELECT 'default', 'c' || g, 'Token.Exchange', 'Success', '{}'::jsonb, now() - g * interval '1 second'
       FROM generate_series(1, 10050) g`,
    );
    const capped = await api.get(`${path}?page=1&page_size=5&enableCap=true`);
    expect(capped.headers['total-number']).toBe('10001');
    expect(capped.headers['total-number-is-capped']).toBe('true');
    expect(capped.headers.link).not.toContain('rel="next"');
    expect(capped.headers.link).not.toContain('rel="last"');
    expect(capped.body).toHaveLength(5);
    const exact = await api.get(`${path}?page=1&page_size=5`);
    expect(exact.headers['total-number']).toBe('10050');
    expect(exact.headers['total-number-is-capped']).toBeUndefined();
  });
});
