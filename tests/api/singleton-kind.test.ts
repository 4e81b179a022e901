import { describe, expect, it } from 'vitest';
import { databases } from './harness.js';
import { useShapesApi } from './shapes-app.js';

// tests/shapes/entities/workspaceSettings/resource.json: a singleton (one record per tenant) at /workspace-settings.
const path = '/api/workspace-settings';
const defaults = { displayName: 'My workspace', theme: 'system', allowSignUp: true };

describe.each(databases())('a singleton entity on $name', (target) => {
  const { api } = useShapesApi(target);
  const rows = (tenant = 'default') => api.count('workspace_settings', 'tenant_id = $1', [tenant]);
  const clear = () => api.db.exec('DELETE FROM workspace_settings;');

  it('seeds the defaults on the first read, once, even when many first reads arrive together', async () => {
    await clear();
    const replies = await Promise.all(Array.from({ length: 12 }, () => api.get(path)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(200));
    expect(replies[0]?.body).toMatchObject({ tenantId: 'default', ...defaults });
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect(await rows()).toBe(1);
    expect((await api.get(path)).body).toEqual(replies[0]?.body);
  });

  it('updates with PATCH and keeps the change', async () => {
    await clear();
    const updated = await api.patch(path, { displayName: 'Acme', theme: 'dark' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ displayName: 'Acme', theme: 'dark', allowSignUp: true });
    expect((await api.get(path)).body).toEqual(updated.body);
    expect(await rows()).toBe(1);
  });

  it('validates a PATCH with the update body and the record rules, and a refused one changes nothing', async () => {
    await clear();
    const badValue = await api.patch(path, { theme: 'blue' });
    expect(badValue.status).toBe(400);
    expect(badValue.body.code).toBe('guard.invalid_input');
    expect(badValue.body.data.issues).toContainEqual(expect.objectContaining({ path: '/theme', keyword: 'enum' }));

    const serverField = await api.patch(path, { id: 'mine' });
    expect(serverField.status).toBe(400);

    // Closing sign-up needs a support address (the schema's cross-field rule), checked on the record it would store.
    const rule = await api.patch(path, { allowSignUp: false });
    expect(rule.status).toBe(400);
    expect(rule.body.data.issues).toContainEqual(expect.objectContaining({ path: '/supportEmail' }));
    expect((await api.get(path)).body).toMatchObject(defaults);

    const closed = await api.patch(path, { allowSignUp: false, supportEmail: 'help@example.com' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ allowSignUp: false, supportEmail: 'help@example.com' });
  });

  it('keeps one record per tenant: another tenant sees its own defaults', async () => {
    await clear();
    await api.db.query(`INSERT INTO tenants (id, name) VALUES ('acme', 'Acme') ON CONFLICT DO NOTHING`);
    await api.patch(path, { displayName: 'Default tenant' });
    const other = await api.get(`/t/acme${path}`);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ tenantId: 'acme', ...defaults });
    const changed = await api.patch(`/t/acme${path}`, { displayName: 'Acme tenant' });
    expect(changed.body.id).toBe(other.body.id);
    expect((await api.get(path)).body.displayName).toBe('Default tenant');
    expect(await rows('default')).toBe(1);
    expect(await rows('acme')).toBe(1);
  });

  it('has no list, create, item or delete routes (404, as any unknown route)', async () => {
    const { id } = (await api.get(path)).body;
    for (const [method, url] of [
      ['POST', path],
      ['DELETE', path],
      ['GET', `${path}/${id}`],
      ['PATCH', `${path}/${id}`],
    ] as const) {
      const reply = await api.request(method, url, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect(reply.status, `${method} ${url}`).toBe(404);
    }
  });

  it('announces an update like a collection does (webhookEvents.updated)', async () => {
    const hook = await api.create('/api/hooks', {
      name: 'Workspace changes',
      events: ['Organization.Data.Updated'],
      config: { url: 'http://127.0.0.1:9/workspace', retries: 0 },
    });
    await api.patch(path, { theme: 'light' });
    await api.app.webhooks.idle();
    const logs = await api.get(`/api/hooks/${hook.id}/recent-logs`);
    expect(logs.body).toEqual([
      expect.objectContaining({ key: 'TriggerHook.Organization.Data.Updated', hookId: hook.id }),
    ]);
    expect(logs.body[0].payload.request.body.data).toMatchObject({ theme: 'light' });
  });
});
