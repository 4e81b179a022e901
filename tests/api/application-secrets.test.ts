import { beforeEach, describe, expect, it } from 'vitest';
import { newApp } from './application-helpers.js';
import { databases, useApi } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databases())('application secrets on $name', (target) => {
  const api = useApi(target);

  let appId = '';
  beforeEach(async () => {
    appId = (await newApp(api, 'MachineToMachine')).id;
  });
  const secrets = () => `/api/applications/${appId}/secrets`;

  it('creates a secret (201) whose value the server generates; it never expires by default', async () => {
    const created = await api.post(secrets(), { name: 'ci' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      tenantId: 'default',
      id: expect.any(String),
      applicationId: appId,
      name: 'ci',
      value: expect.stringMatching(/^[a-z0-9]{32}$/),
      expiresAt: null,
      createdAt: expect.any(Number),
    });
    const second = await api.create(secrets(), { name: 'deploy' });
    expect(second.value).not.toBe(created.body.value);
    const list = await api.get(secrets());
    expect(list.status).toBe(200);
    expect(list.body.map((s: { name: string }) => s.name).sort()).toEqual(['ci', 'deploy']);
    expect(list.body).toContainEqual(created.body);
  });

  it('keeps an expiry in the future, refuses one in the past (400) and a value chosen by the caller', async () => {
    const expiresAt = Date.now() + 30 * DAY;
    const future = await api.post(secrets(), { name: 'rotating', expiresAt });
    expect(future.status).toBe(201);
    expect(future.body.expiresAt).toBe(expiresAt);

    for (const past of [Date.now() - 1000, 0]) {
      const expired = await api.post(secrets(), { name: 'stale', expiresAt: past });
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({
        code: 'request.invalid_input',
        message: expect.stringContaining('expiresAt'),
        data: { issues: [expect.objectContaining({ path: '/expiresAt' })] },
      });
    }
    const chosen = await api.post(secrets(), { name: 'mine', value: 'chosen-by-me' });
    expect(chosen.status).toBe(400);
    expect(chosen.body.data.issues).toContainEqual(expect.objectContaining({ keyword: 'additionalProperties' }));
    expect(await api.count('application_secrets')).toBe(1);
  });

  it('refuses a second secret with the same name in the app (422), allows it in another app', async () => {
    await api.create(secrets(), { name: 'ci' });
    const again = await api.post(secrets(), { name: 'ci' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      code: 'application.secret_name_exists',
      message: expect.stringContaining('ci'),
    });
    const other = await newApp(api, 'Traditional');
    expect((await api.post(`/api/applications/${other.id}/secrets`, { name: 'ci' })).status).toBe(201);
  });

  it('renames a secret by name (200), not onto a taken name (422), and not its expiry (400)', async () => {
    const ci = await api.create(secrets(), { name: 'ci' });
    await api.create(secrets(), { name: 'deploy' });
    const renamed = await api.patch(`${secrets()}/ci`, { name: 'build' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...ci, name: 'build' });
    expect((await api.patch(`${secrets()}/ci`, { name: 'x' })).status).toBe(404);
    const taken = await api.patch(`${secrets()}/build`, { name: 'deploy' });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe('application.secret_name_exists');
    const expiry = await api.patch(`${secrets()}/build`, { expiresAt: Date.now() + DAY });
    expect(expiry.status).toBe(400);
    expect((await api.get(secrets())).body.map((s: { name: string }) => s.name).sort()).toEqual(['build', 'deploy']);
  });

  it('names secrets in the URL even when the name needs escaping', async () => {
    const name = 'prod / eu #1';
    await api.create(secrets(), { name });
    const path = `${secrets()}/${encodeURIComponent(name)}`;
    expect((await api.patch(path, { name: 'prod-eu-1' })).status).toBe(200);
    expect((await api.delete(`${secrets()}/prod-eu-1`)).status).toBe(204);
  });

  it('deletes a secret by name (204), then answers 404', async () => {
    await api.create(secrets(), { name: 'ci' });
    await api.create(secrets(), { name: 'deploy' });
    expect((await api.delete(`${secrets()}/ci`)).status).toBe(204);
    const again = await api.delete(`${secrets()}/ci`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('entity.not_exists_with_id');
    expect((await api.get(secrets())).body.map((s: { name: string }) => s.name)).toEqual(['deploy']);
  });

  it('keeps each app’s secrets apart: another app’s secret name is not found here', async () => {
    const other = await newApp(api, 'Traditional');
    await api.create(`/api/applications/${other.id}/secrets`, { name: 'theirs' });
    expect((await api.get(secrets())).body).toEqual([]);
    expect((await api.delete(`${secrets()}/theirs`)).status).toBe(404);
    expect((await api.patch(`${secrets()}/theirs`, { name: 'mine' })).status).toBe(404);
    expect(await api.count('application_secrets')).toBe(1);
  });
});
