import { describe, expect, it } from 'vitest';
import { databases, type TestApi, useApi } from './harness.js';

/** `<url>; rel="next", ...` → { next: url, ... } */
const links = (header: unknown): Record<string, string> => {
  if (typeof header !== 'string') return {};
  return Object.fromEntries(
    header.split(',').map((part) => {
      const match = /^\s*<([^>]*)>\s*;\s*rel="([^"]+)"\s*$/.exec(part);
      if (!match) throw new Error(`Malformed Link header part: ${part}`);
      return [match[2], match[1]];
    }),
  );
};

const pageOf = (url: string | undefined) => {
  const params = new URL(url ?? '', 'http://x').searchParams;
  return { page: params.get('page'), pageSize: params.get('page_size') };
};

const createResources = async (api: TestApi, count: number) => {
  const created = [];
  for (let i = 0; i < count; i++) {
    created.push(await api.create('/api/resources', { name: `Service ${i}`, indicator: `https://s${i}.example.com` }));
  }
  return created;
};

describe.each(databases())('pagination and search on $name', (target) => {
  const api = useApi(target);

  it('returns the whole list without Total-Number or Link when no page is asked for (as Logto)', async () => {
    await createResources(api, 3);
    const reply = await api.get('/api/resources');
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(3);
    expect(reply.headers['total-number']).toBeUndefined();
    expect(reply.headers.link).toBeUndefined();
  });

  it('pages with page/page_size, Total-Number and Link rel next/last, covering every item once', async () => {
    const all = await createResources(api, 5);
    const first = await api.get('/api/resources?page=1&page_size=2');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(first.headers['total-number']).toBe('5');
    const firstLinks = links(first.headers.link);
    expect(firstLinks.prev).toBeUndefined();
    expect(pageOf(firstLinks.next)).toEqual({ page: '2', pageSize: '2' });
    expect(pageOf(firstLinks.last)).toEqual({ page: '3', pageSize: '2' });
    expect(new URL(firstLinks.next ?? '', 'http://x').pathname).toBe('/api/resources');

    const second = await api.get(firstLinks.next ?? '');
    expect(second.body).toHaveLength(2);
    const secondLinks = links(second.headers.link);
    expect(pageOf(secondLinks.prev)).toEqual({ page: '1', pageSize: '2' });
    expect(pageOf(secondLinks.next)).toEqual({ page: '3', pageSize: '2' });

    const last = await api.get(secondLinks.next ?? '');
    expect(last.body).toHaveLength(1);
    expect(links(last.headers.link).next).toBeUndefined();
    expect(pageOf(links(last.headers.link).last)).toEqual({ page: '3', pageSize: '2' });

    const seen = [...first.body, ...second.body, ...last.body].map((r: { id: string }) => r.id);
    expect(new Set(seen).size).toBe(5);
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
  });

  it('answers a page past the end with an empty list and the true total', async () => {
    await createResources(api, 2);
    const reply = await api.get('/api/resources?page=5&page_size=2');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
    expect(reply.headers['total-number']).toBe('2');
  });

  it('keeps other query parameters in the Link URLs', async () => {
    for (const name of ['Robot A', 'Robot B']) {
      await api.create('/api/roles', { name, description: 'r', type: 'MachineToMachine' });
    }
    await api.create('/api/roles', { name: 'Person', description: 'p' });
    const reply = await api.get('/api/roles?type=MachineToMachine&page=1&page_size=1');
    expect(reply.headers['total-number']).toBe('2');
    const next = links(reply.headers.link).next ?? '';
    expect(new URL(next, 'http://x').searchParams.get('type')).toBe('MachineToMachine');
    const second = await api.get(next);
    expect(second.body).toHaveLength(1);
    expect(second.body[0].type).toBe('MachineToMachine');
    expect(second.body[0].id).not.toBe(reply.body[0].id);
  });

  it('always pages roles: 20 by default, with a Link to the next page', async () => {
    for (let i = 0; i < 21; i++) await api.create('/api/roles', { name: `Role ${i}`, description: 'd' });
    const reply = await api.get('/api/roles');
    expect(reply.body).toHaveLength(20);
    expect(reply.headers['total-number']).toBe('21');
    expect(pageOf(links(reply.headers.link).next)).toEqual({ page: '2', pageSize: '20' });
  });

  it('accepts page_size 100 and refuses 101 (400 guard.invalid_pagination)', async () => {
    expect((await api.get('/api/resources?page=1&page_size=100')).status).toBe(200);
    const reply = await api.get('/api/resources?page=1&page_size=101');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'guard.invalid_pagination', message: expect.any(String) });
  });

  it.each([
    'page=0',
    'page=abc',
    'page=-1',
    'page=1.5',
    'page=',
    'page_size=0',
    'page_size=abc',
    'page=1&page_size=-5',
  ])('refuses %s (400)', async (query) => {
    for (const path of ['/api/resources', '/api/roles', '/api/hooks']) {
      const reply = await api.get(`${path}?${query}`);
      expect(reply.status, `${path}?${query}`).toBe(400);
      expect(reply.body.code).toBe('guard.invalid_pagination');
    }
  });

  it('searches names case-insensitively with search=%keyword%', async () => {
    await api.create('/api/resources', { name: 'Keyword service', indicator: 'https://a.example.com' });
    await api.create('/api/resources', { name: 'The KEYWORD API', indicator: 'https://b.example.com' });
    await api.create('/api/resources', { name: 'Unrelated', indicator: 'https://c.example.com' });
    const reply = await api.get('/api/resources?search=%25keyword%25&page=1');
    expect(reply.status).toBe(200);
    expect(reply.body.map((r: { name: string }) => r.name).sort()).toEqual(['Keyword service', 'The KEYWORD API']);
    expect(reply.headers['total-number']).toBe('2');
  });

  it('pages search results and counts only the matches', async () => {
    for (let i = 0; i < 3; i++) {
      await api.create('/api/hooks', {
        name: `Audit ${i}`,
        events: ['PostRegister'],
        config: { url: 'http://127.0.0.1:9/' },
      });
    }
    await api.create('/api/hooks', { name: 'Other', events: ['PostRegister'], config: { url: 'http://127.0.0.1:9/' } });
    const reply = await api.get('/api/hooks?search=%25audit%25&page=1&page_size=2');
    expect(reply.body).toHaveLength(2);
    expect(reply.headers['total-number']).toBe('3');
    expect(new URL(links(reply.headers.link).next ?? '', 'http://x').searchParams.get('search')).toBe('%audit%');
    const second = await api.get('/api/hooks?search=%25audit%25&page=2&page_size=2');
    expect(second.body).toHaveLength(1);
    expect([...reply.body, ...second.body].every((h: { name: string }) => h.name.startsWith('Audit'))).toBe(true);
    const past = await api.get('/api/hooks?search=%25audit%25&page=9&page_size=2');
    expect(past.body).toEqual([]);
    expect(past.headers['total-number']).toBe('3');
  });

  it('searches every searchable column: role descriptions and resource indicators too', async () => {
    await api.create('/api/roles', { name: 'Alpha', description: 'Manages invoices' });
    await api.create('/api/roles', { name: 'Beta', description: 'Reads orders' });
    const roles = await api.get('/api/roles?search=%25INVOICE%25');
    expect(roles.body.map((r: { name: string }) => r.name)).toEqual(['Alpha']);

    await api.create('/api/resources', { name: 'Plain', indicator: 'https://ledger.example.com' });
    const resources = await api.get('/api/resources?search=%25ledger%25');
    expect(resources.body.map((r: { name: string }) => r.name)).toEqual(['Plain']);
  });

  it('searches the scopes of one resource only', async () => {
    const a = await api.create('/api/resources', { name: 'A', indicator: 'https://a.example.com' });
    const b = await api.create('/api/resources', { name: 'B', indicator: 'https://b.example.com' });
    await api.create(`/api/resources/${a.id}/scopes`, { name: 'read:orders' });
    await api.create(`/api/resources/${a.id}/scopes`, { name: 'write:orders' });
    await api.create(`/api/resources/${b.id}/scopes`, { name: 'read:invoices' });
    const reply = await api.get(`/api/resources/${a.id}/scopes?search=%25READ%25`);
    expect(reply.body.map((s: { name: string }) => s.name)).toEqual(['read:orders']);
  });

  it('treats a search value as data, not SQL', async () => {
    await api.create('/api/resources', { name: "O'Brien", indicator: 'https://o.example.com' });
    const reply = await api.get(`/api/resources?search=${encodeURIComponent("%' OR '1'='1")}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
    const quoted = await api.get(`/api/resources?search=${encodeURIComponent("%'brien")}`);
    expect(quoted.body.map((r: { name: string }) => r.name)).toEqual(["O'Brien"]);
  });
});
