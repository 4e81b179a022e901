import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';

// Endpoints on the loopback discard port: no test here emits an event a hook subscribes to, so nothing is called.
const hookBody = {
  name: 'Sign-in audit',
  events: ['PostSignIn'],
  config: { url: 'http://127.0.0.1:9/sign-in' },
};

describe.each(databases())('hooks on $name', (target) => {
  const api = useApi(target);

  it('creates a hook (201) with a server-made signing key and defaults', async () => {
    const created = await api.post('/api/hooks', hookBody);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      tenantId: 'default',
      id: expect.stringMatching(/^[a-z0-9]{21}$/),
      name: 'Sign-in audit',
      event: null,
      events: ['PostSignIn'],
      config: { url: 'http://127.0.0.1:9/sign-in' },
      signingKey: expect.stringMatching(/^[a-z0-9]{32}$/),
      enabled: true,
      createdAt: expect.any(Number),
    });
    expect((await api.get(`/api/hooks/${created.body.id}`)).body).toEqual(created.body);
  });

  it('gives each hook its own signing key', async () => {
    const a = await api.create('/api/hooks', hookBody);
    const b = await api.create('/api/hooks', hookBody);
    expect(a.signingKey).not.toBe(b.signingKey);
  });

  it('does not let the client choose the signing key, on create (400) or on update (400)', async () => {
    const chosen = await api.post('/api/hooks', { ...hookBody, signingKey: 'my-own-key' });
    expect(chosen.status).toBe(400);
    expect(chosen.body.data.issues).toContainEqual(
      expect.objectContaining({ path: '/signingKey', keyword: 'additionalProperties' }),
    );
    expect(await api.count('hooks')).toBe(0);

    const hook = await api.create('/api/hooks', hookBody);
    const patched = await api.patch(`/api/hooks/${hook.id}`, { signingKey: 'my-own-key' });
    expect(patched.status).toBe(400);
    expect((await api.get(`/api/hooks/${hook.id}`)).body.signingKey).toBe(hook.signingKey);
  });

  it('regenerates the signing key on PATCH /signing-key, keeping everything else', async () => {
    const hook = await api.create('/api/hooks', hookBody);
    const regenerated = await api.patch(`/api/hooks/${hook.id}/signing-key`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.signingKey).toMatch(/^[a-z0-9]{32}$/);
    expect(regenerated.body.signingKey).not.toBe(hook.signingKey);
    expect(regenerated.body).toEqual({ ...hook, signingKey: regenerated.body.signingKey });
    expect((await api.get(`/api/hooks/${hook.id}`)).body.signingKey).toBe(regenerated.body.signingKey);
  });

  it("answers 404 when regenerating the key of a missing hook, or deleting one (Logto's codes)", async () => {
    const reply = await api.patch('/api/hooks/nosuchhook/signing-key');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'entity.not_exists' });
    const deleted = await api.request('DELETE', '/api/hooks/nosuchhook');
    expect(deleted.status).toBe(404);
    expect(deleted.body).toMatchObject({ code: 'entity.not_found' });
  });

  it('replaces the config on PATCH and keeps name and events', async () => {
    const hook = await api.create('/api/hooks', hookBody);
    const config = { url: 'https://hooks.example.com/v2', headers: { 'X-Team': 'identity' }, retries: 1 };
    const patched = await api.patch(`/api/hooks/${hook.id}`, { config });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...hook, config });
    expect((await api.get(`/api/hooks/${hook.id}`)).body.config).toEqual(config);
  });

  it('updates name, events and enabled', async () => {
    const hook = await api.create('/api/hooks', hookBody);
    const patched = await api.patch(`/api/hooks/${hook.id}`, {
      name: 'Audit',
      events: ['User.Created', 'User.Deleted'],
      enabled: false,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...hook, name: 'Audit', events: ['User.Created', 'User.Deleted'], enabled: false });
  });

  it('rejects an empty URL (400, issue at /config/url) and stores nothing', async () => {
    const reply = await api.post('/api/hooks', { ...hookBody, config: { url: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('guard.invalid_input');
    expect(reply.body.data.issues.length).toBeGreaterThan(0);
    for (const issue of reply.body.data.issues) expect(issue.path).toBe('/config/url');
    expect(await api.count('hooks')).toBe(0);
  });

  it('rejects an empty URL on PATCH too and keeps the old config', async () => {
    const hook = await api.create('/api/hooks', hookBody);
    const reply = await api.patch(`/api/hooks/${hook.id}`, { config: { url: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body.data.issues).toContainEqual(
      expect.objectContaining({ path: '/config/url', keyword: 'minLength' }),
    );
    expect((await api.get(`/api/hooks/${hook.id}`)).body.config).toEqual(hookBody.config);
  });

  it.each([
    [4, 'maximum'],
    [-1, 'minimum'],
    [1.5, 'type'],
  ])('rejects retries %s (400, %s)', async (retries, keyword) => {
    const reply = await api.post('/api/hooks', { ...hookBody, config: { ...hookBody.config, retries } });
    expect(reply.status).toBe(400);
    expect(reply.body.data.issues).toEqual([expect.objectContaining({ path: '/config/retries', keyword })]);
  });

  it("accepts Logto's single event only from the list of events", async () => {
    const reply = await api.post('/api/hooks', { ...hookBody, event: 'Post.SignIn' });
    expect(reply.status).toBe(400);
    expect(reply.body.data.issues).toContainEqual(expect.objectContaining({ path: '/event' }));
  });

  it('deletes a hook (204), then answers 404', async () => {
    const hook = await api.create('/api/hooks', hookBody);
    expect((await api.delete(`/api/hooks/${hook.id}`)).status).toBe(204);
    expect((await api.get(`/api/hooks/${hook.id}`)).status).toBe(404);
    expect((await api.delete(`/api/hooks/${hook.id}`)).status).toBe(404);
  });
});
