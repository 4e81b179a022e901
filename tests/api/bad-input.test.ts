import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe.each(databases())('bad input on $name', (target) => {
  const api = useApi(target);
  const names = (items: { name: string }[]) => items.map((item) => item.name).sort();

  it('takes a trailing backslash in a search literally and keeps backslash escapes', async () => {
    await api.create('/api/roles', { name: 'back\\slash', description: 'a', type: 'User' });
    await api.create('/api/roles', { name: '100% sure', description: 'b', type: 'User' });
    await api.create('/api/roles', { name: '1000 sure', description: 'c', type: 'User' });
    const lone = await api.get('/api/roles?search=%5C');
    expect(lone.status).toBe(200);
    expect(lone.body).toEqual([]);
    expect(names((await api.get('/api/roles?search=%25back%5C')).body)).toEqual([]);
    expect(names((await api.get('/api/roles?search=%25back%5C%5Cslash')).body)).toEqual(['back\\slash']);
    expect(names((await api.get('/api/roles?search=%25100%5C%25%25')).body)).toEqual(['100% sure']);
    const apps = await api.get('/api/applications?search=%25%5C');
    expect(apps.status).toBe(200);
    const app = await api.create('/api/applications', { name: 'Robot', type: 'MachineToMachine' });
    const linked = await api.get(`/api/applications/${app.id}/roles?search=%5C`);
    expect(linked.status).toBe(200);
  });

  it('refuses a query parameter outside its schema with 400 naming the parameter', async () => {
    const maybe = await api.get('/api/applications?isThirdParty=maybe');
    expect(maybe.status).toBe(400);
    expect(maybe.body).toMatchObject({
      code: 'guard.invalid_input',
      message: 'The request query is invalid.',
      data: { issues: [{ path: '/isThirdParty', keyword: 'enum', params: { allowedValues: ['true', 'false'] } }] },
    });
    const type = await api.get('/api/roles?type=Robot');
    expect(type.body.data.issues).toEqual([expect.objectContaining({ path: '/type', keyword: 'enum' })]);
    const repeated = await api.get('/api/applications?search=a&search=b');
    expect(repeated.status).toBe(400);
    expect(repeated.body.data.issues).toEqual([expect.objectContaining({ path: '/search', keyword: 'type' })]);
    const linked = await api.get('/api/roles/nothing/scopes?search=a&search=b');
    expect(linked.status).toBe(400);
    expect((await api.get('/api/applications?isThirdParty=')).status).toBe(200);
    expect((await api.get('/api/applications?unknownParameter=1')).status).toBe(200);
  });

  it.each([
    'page=-1',
    'page=0',
    'page=1.5',
    'page=1e3',
    'page=abc',
    'page=99999999999999999999',
    'page=9007199254740993',
    'page=1&page=2',
    'page_size=0',
    'page_size=101',
    'page_size=',
    'page=900719925474099&page_size=100',
  ])('refuses pagination %s with 400 guard.invalid_pagination', async (query) => {
    for (const url of ['/api/applications', '/api/roles', '/api/resources']) {
      const reply = await api.get(`${url}?${query}`);
      expect(reply.status, `${url}?${query}`).toBe(400);
      expect(reply.body.code).toBe('guard.invalid_pagination');
    }
  });

  it('refuses a date that neither JavaScript nor PostgreSQL can hold with 400 naming the field', async () => {
    const app = await api.create('/api/applications', { name: 'Web', type: 'Traditional' });
    for (const expiresAt of [1e20, 8.64e15 + 1, 253402300800000]) {
      const reply = await api.post(`/api/applications/${app.id}/secrets`, { name: `s${expiresAt}`, expiresAt });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('guard.invalid_input');
      expect(reply.body.data.issues).toEqual([expect.objectContaining({ path: '/expiresAt', keyword: 'maximum' })]);
    }
    const latest = await api.post(`/api/applications/${app.id}/secrets`, { name: 'late', expiresAt: 253402300799999 });
    expect(latest.status).toBe(201);
    expect(latest.body.expiresAt).toBe(253402300799999);
    expect(await api.count('application_secrets')).toBe(1);
  });

  it('refuses JSON nested too deep with 400 and a body over 1 MiB with 413, each with a code', async () => {
    const deep = await api.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Deep","type":"SPA","customData":${nested(5000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      code: 'guard.invalid_input',
      data: { issues: [{ path: '', keyword: 'maxDepth', params: { limit: 64 } }] },
    });
    const arrays = await api.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Deep","type":"SPA","customData":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
    });
    expect(arrays.statusCode).toBe(400);
    const shallow = await api.post('/api/applications', {
      name: 'Nested but fine',
      type: 'SPA',
      customData: JSON.parse(nested(60)),
    });
    expect(shallow.status).toBe(200);
    const large = await api.post('/api/applications', {
      name: 'Large',
      type: 'SPA',
      customData: { x: 'x'.repeat(2e6) },
    });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({
      message: 'The request body is larger than 1048576 bytes.',
      code: 'request.payload_too_large',
      data: { limit: 1048576 },
    });
    expect(await api.count('applications')).toBe(1);
  });
});
