import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/shared/error-codes.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('resources on $name', (target) => {
  const api = useApi(target);

  it('creates (201) with server-managed fields and defaults, then reads it back (200)', async () => {
    const created = await api.post('/api/resources', { name: 'Orders API', indicator: 'https://orders.example.com' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      tenantId: 'default',
      id: expect.stringMatching(/^[a-z0-9]{21}$/),
      name: 'Orders API',
      indicator: 'https://orders.example.com',
      isDefault: false,
      accessTokenTtl: 3600,
    });

    const fetched = await api.get(`/api/resources/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);

    const listed = await api.get('/api/resources');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
    expect(listed.headers['total-number']).toBeUndefined();
  });

  it('gives every resource its own id', async () => {
    const a = await api.create('/api/resources', { name: 'A', indicator: 'https://a.example.com' });
    const b = await api.create('/api/resources', { name: 'A', indicator: 'https://b.example.com' });
    expect(a.id).not.toBe(b.id);
  });

  it('updates name and token lifetime (200) and keeps the change', async () => {
    const created = await api.create('/api/resources', { name: 'Old', indicator: 'https://patch.example.com' });
    const patched = await api.patch(`/api/resources/${created.id}`, { name: 'New', accessTokenTtl: 60 });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...created, name: 'New', accessTokenTtl: 60 });
    expect((await api.get(`/api/resources/${created.id}`)).body).toEqual(patched.body);
  });

  it('answers an empty patch with the unchanged resource', async () => {
    const created = await api.create('/api/resources', { name: 'Same', indicator: 'https://same.example.com' });
    const patched = await api.patch(`/api/resources/${created.id}`, {});
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual(created);
  });

  it('deletes (204), after which the resource is gone (404)', async () => {
    const created = await api.create('/api/resources', { name: 'Gone', indicator: 'https://gone.example.com' });
    const deleted = await api.delete(`/api/resources/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    expect((await api.get(`/api/resources/${created.id}`)).status).toBe(404);
    expect((await api.delete(`/api/resources/${created.id}`)).status).toBe(404);
    expect(await api.count('resources')).toBe(0);
  });

  it.each([
    ['GET', undefined],
    ['PATCH', { name: 'X' }],
    ['DELETE', undefined],
  ] as const)('%s of an unknown id answers 404 entity.not_exists_with_id', async (method, payload) => {
    const reply = await api.request(method, '/api/resources/doesnotexist', payload);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      message: expect.stringContaining('doesnotexist'),
      code: 'entity.not_exists_with_id',
    });
  });

  it('refuses a second resource with the same indicator (422) and keeps only the first', async () => {
    await api.create('/api/resources', { name: 'First', indicator: 'https://dup.example.com' });
    const second = await api.post('/api/resources', { name: 'Second', indicator: 'https://dup.example.com' });
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      code: 'resource.resource_identifier_in_use',
      message: expect.stringContaining('https://dup.example.com'),
    });
    expect(await api.count('resources')).toBe(1);
  });

  it('allows an indicator again once its resource is deleted', async () => {
    const first = await api.create('/api/resources', { name: 'First', indicator: 'https://reuse.example.com' });
    await api.delete(`/api/resources/${first.id}`);
    const again = await api.post('/api/resources', { name: 'Again', indicator: 'https://reuse.example.com' });
    expect(again.status).toBe(201);
  });

  it('does not let the indicator be changed: an update ignores it, as Logto does, and keeps it as it was', async () => {
    const created = await api.create('/api/resources', { name: 'Fixed', indicator: 'https://fixed.example.com' });
    const patched = await api.patch(`/api/resources/${created.id}`, { indicator: 'https://moved.example.com' });
    expect(patched.status).toBe(200);
    expect(patched.body.indicator).toBe('https://fixed.example.com');
    expect((await api.get(`/api/resources/${created.id}`)).body.indicator).toBe('https://fixed.example.com');
    // Still checked as an indicator: what could never be one is refused.
    const bad = await api.patch(`/api/resources/${created.id}`, { indicator: 42 });
    expect(bad.status).toBe(400);
  });

  it.each([
    ['isDefault', true],
    ['id', 'chosen'],
    ['tenantId', 'other'],
  ])('does not let %s be set by a patch (400)', async (field, value) => {
    const created = await api.create('/api/resources', { name: 'R', indicator: 'https://ro.example.com' });
    const patched = await api.patch(`/api/resources/${created.id}`, { [field]: value });
    expect(patched.status).toBe(400);
    expect(patched.body.data.issues).toContainEqual(expect.objectContaining({ path: `/${field}` }));
    expect((await api.get(`/api/resources/${created.id}`)).body).toEqual(created);
  });

  it('rejects an invalid patch with every issue listed and changes nothing', async () => {
    const created = await api.create('/api/resources', { name: 'R', indicator: 'https://bad-patch.example.com' });
    const patched = await api.patch(`/api/resources/${created.id}`, { name: '', accessTokenTtl: 0 });
    expect(patched.status).toBe(400);
    expect(patched.body.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['/accessTokenTtl', '/name']);
    expect((await api.get(`/api/resources/${created.id}`)).body).toEqual(created);
  });

  it('answers a body that is not JSON with a 4xx error body, not a crash', async () => {
    const broken = await api.request('POST', '/api/resources', '{"name": ', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('guard.invalid_input');
    const form = await api.request('POST', '/api/resources', 'name=x&indicator=https%3A%2F%2Fx.example.com', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe('request.unsupported_media_type');
    const text = await api.request('POST', '/api/resources', 'name', { 'content-type': 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body.code).toBe('guard.invalid_input');
    expect(await api.count('resources')).toBe(0);
  });

  it('answers concurrent creates of one indicator with one 201 and 422 for the rest', async () => {
    const replies = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        api.post('/api/resources', { name: `Racer ${i}`, indicator: 'https://race.example.com' }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    for (const reply of replies.filter((r) => r.status === 422)) {
      expect(reply.body.code).toBe('resource.resource_identifier_in_use');
    }
    expect(await api.count('resources')).toBe(1);
  });

  it('answers a NUL character in a text field with 400, not a server error', async () => {
    const reply = await api.post('/api/resources', { name: 'Orders\u0000API', indicator: 'https://nul.example.com' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('guard.invalid_input');
    expect(await api.count('resources')).toBe(0);
  });

  it('answers an id no resource can have with 404, not a server error', async () => {
    for (const id of ['%00', 'a%00b']) {
      const reply = await api.get(`/api/resources/${id}`);
      expect(reply.status, id).toBe(404);
      expect(reply.body.code, id).toBe('entity.not_exists_with_id');
    }
  });

  it('answers a NUL character in a query parameter without a server error', async () => {
    for (const url of ['/api/resources?search=%00', '/api/hooks?search=a%00', '/api/roles?type=%00']) {
      const reply = await api.get(url);
      expect([200, 400], `${url} answered ${reply.status}`).toContain(reply.status);
      if (reply.status === 200) expect(reply.body, url).toEqual([]);
    }
  });

  it('answers an over-long id with the API error body', async () => {
    const reply = await api.get(`/api/resources/${'x'.repeat(200)}`);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(Object.keys(errorCodes)).toContain(reply.body.code);
    expect(reply.body.message).toEqual(expect.any(String));
  });
});
