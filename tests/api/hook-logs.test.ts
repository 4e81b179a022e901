import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';

// Hook logs are a log entity below the webhook: Logto's recent-logs list, and each delivery by id.
describe.each(databases())('hook logs on $name', (target) => {
  const api = useApi(target);
  const hookBody = { name: 'Audit', events: ['Role.Created'], config: { url: 'http://127.0.0.1:9/audit' } };
  const insertLog = (hookId: string, id: string, key: string, ageHours: number) =>
    api.db.query(
      `INSERT INTO hook_logs (tenant_id, id, hook_id, key, payload, created_at)
       VALUES ('default', $1, $2, $3, '{"result":"Success"}'::jsonb, now() - $4 * interval '1 hour')`,
      [id, hookId, key, ageHours],
    );

  it('reads one delivery by id below its webhook, and 404 below another or for an unknown id', async () => {
    const hook = await api.create('/api/hooks', hookBody);
    const other = await api.create('/api/hooks', hookBody);
    await insertLog(hook.id, 'log1', 'TriggerHook.Role.Created', 1);
    const one = await api.get(`/api/hooks/${hook.id}/recent-logs/log1`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: 'log1', hookId: hook.id, key: 'TriggerHook.Role.Created' });
    expect((await api.get(`/api/hooks/${other.id}/recent-logs/log1`)).status).toBe(404);
    expect((await api.get(`/api/hooks/${hook.id}/recent-logs/nope`)).status).toBe(404);
    expect((await api.get(`/api/hooks/missing/recent-logs`)).status).toBe(404);
    expect((await api.delete(`/api/hooks/${hook.id}/recent-logs/log1`)).status).toBe(404);
  });

  it('lists as Logto does: the last 24 hours unless a bound is given, logKey, start_time and end_time', async () => {
    const hook = await api.create('/api/hooks', hookBody);
    await insertLog(hook.id, 'recent', 'TriggerHook.Role.Created', 1);
    await insertLog(hook.id, 'other', 'TriggerHook.Role.Deleted', 2);
    await insertLog(hook.id, 'old', 'TriggerHook.Role.Created', 48);
    const base = `/api/hooks/${hook.id}/recent-logs`;
    const recent = await api.get(base);
    expect(recent.body.map((log: { id: string }) => log.id)).toEqual(['recent', 'other']);
    expect(recent.headers['total-number']).toBe('2');
    const all = await api.get(`${base}?start_time=0`);
    expect(all.body.map((log: { id: string }) => log.id)).toEqual(['recent', 'other', 'old']);
    const before = await api.get(`${base}?end_time=${Date.now() - 24 * 3600_000}`);
    expect(before.body.map((log: { id: string }) => log.id)).toEqual(['old']);
    const byKey = await api.get(`${base}?logKey=TriggerHook.Role.Created&start_time=0`);
    expect(byKey.body.map((log: { id: string }) => log.id)).toEqual(['recent', 'old']);
    const byPrefix = await api.get(`${base}?logKeyPrefix=TriggerHook.Role.D`);
    expect(byPrefix.body.map((log: { id: string }) => log.id)).toEqual(['other']);
  });

  it("includes both bounds' milliseconds, as Logto does, and caps the count for any truthy enableCap", async () => {
    const hook = await api.create('/api/hooks', hookBody);
    await api.db.query(
      `INSERT INTO hook_logs (tenant_id, id, hook_id, key, payload, created_at)
       VALUES ('default', 'edge', $1, 'TriggerHook.Role.Created', '{}'::jsonb, '2026-03-01T10:00:00.000700Z')`,
      [hook.id],
    );
    const base = `/api/hooks/${hook.id}/recent-logs`;
    const edge = Date.parse('2026-03-01T10:00:00.000Z');
    // The entry's createdAt reads 10:00:00.000; both windows naming that millisecond find it.
    expect((await api.get(`${base}?start_time=${edge}&end_time=${edge}`)).body).toHaveLength(1);
    expect((await api.get(`${base}?end_time=${edge}`)).body).toHaveLength(1);
    expect((await api.get(`${base}?start_time=${edge + 1}`)).body).toHaveLength(0);
    expect((await api.get(`${base}?end_time=${edge - 1}`)).body).toHaveLength(0);
    // Past the cap of 10,000: any of Logto's truthy words stops the count there, anything else counts them all.
    await api.db.query(
      `INSERT INTO hook_logs (tenant_id, id, hook_id, key, payload, created_at)
       SELECT 'default', 'bulk' || n, $1, 'TriggerHook.Role.Created', '{}'::jsonb, now() - n * interval '1 second'
         FROM generate_series(1, 10000) AS n`,
      [hook.id],
    );
    for (const flag of ['yes', 'Y', '1', 'yeah']) {
      const capped = await api.get(`${base}?start_time=0&enableCap=${flag}`);
      expect(capped.headers['total-number']).toBe('10001');
      expect(capped.headers['total-number-is-capped']).toBe('true');
    }
    const uncapped = await api.get(`${base}?start_time=0&enableCap=no`);
    expect(uncapped.headers['total-number']).toBe('10001');
    expect(uncapped.headers['total-number-is-capped']).toBeUndefined();
  });
});
