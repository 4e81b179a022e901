import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/console/providers/data-provider';
import { ApiError, MISSING_TOTAL_NUMBER } from '../../../src/console/providers/http';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A fake `fetch` answering every request with the given response, recording the calls. */
const fakeFetch = (respond: (call: Call) => Response) => {
  const calls: Call[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return respond(call);
  };
  return { fetch, calls };
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const apiPaths = { role: '/roles', scope: '/resources/{resourceId}/scopes' };

const setup = (respond: (call: Call) => Response) => {
  const fake = fakeFetch(respond);
  const provider = createDataProvider({ apiPaths, baseUrl: '/api', fetch: fake.fetch, getLanguage: () => 'de' });
  return { provider, calls: fake.calls };
};

const query = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('console data provider', () => {
  it('pages with page and page_size and reads the total from Total-Number', async () => {
    const { provider, calls } = setup(() => json([{ id: 'r1' }], 200, { 'Total-Number': '41' }));
    const result = await provider.getList({ resource: 'role', pagination: { currentPage: 3, pageSize: 20 } });
    expect(result).toEqual({ data: [{ id: 'r1' }], total: 41 });
    expect(calls[0]?.url.startsWith('/api/roles?')).toBe(true);
    expect(query(calls[0]?.url ?? '').get('page')).toBe('3');
    expect(query(calls[0]?.url ?? '').get('page_size')).toBe('20');
    expect((calls[0]?.init?.headers as Record<string, string> | undefined)?.['Accept-Language']).toBe('de');
  });

  it('defaults to the first page of 20 and caps the page size at 100', async () => {
    const { provider, calls } = setup(() => json([], 200, { 'Total-Number': '0' }));
    await provider.getList({ resource: 'role' });
    await provider.getList({ resource: 'role', pagination: { currentPage: 1, pageSize: 500 } });
    expect(query(calls[0]?.url ?? '').get('page')).toBe('1');
    expect(query(calls[0]?.url ?? '').get('page_size')).toBe('20');
    expect(query(calls[1]?.url ?? '').get('page_size')).toBe('100');
  });

  it("sends a search keyword as the list's own parameter when it has one (Logto's q), as typed", async () => {
    const fake = fakeFetch(() => json([], 200, { 'Total-Number': '0' }));
    const provider = createDataProvider({
      apiPaths: { ...apiPaths, organization: '/organizations' },
      searches: { organization: { param: 'q', match: 'contains' } },
      baseUrl: '/api',
      fetch: fake.fetch,
    });
    const filters = [{ field: 'search', operator: 'contains' as const, value: 'acme' }];
    await provider.getList({ resource: 'organization', filters });
    expect(query(fake.calls[0]?.url ?? '').get('q')).toBe('acme');
    expect(query(fake.calls[0]?.url ?? '').has('search')).toBe(false);
    // A relation's list names its own search (the members of an organization), whatever its target's is.
    await provider.getList({
      resource: 'organization',
      filters,
      meta: { apiPath: '/roles/{id}/users', params: { id: 'r1' }, search: { param: 'search', match: 'pattern' } },
    });
    expect(query(fake.calls[1]?.url ?? '').get('search')).toBe('%acme%');
  });

  it('sends a search keyword as a %keyword% pattern', async () => {
    const { provider, calls } = setup(() => json([], 200, { 'Total-Number': '0' }));
    await provider.getList({ resource: 'role', filters: [{ field: 'search', operator: 'contains', value: 'admin' }] });
    expect(calls[0]?.url).toContain('search=%25admin%25');
  });

  it('fails a paged list without a Total-Number header', async () => {
    const { provider } = setup(() => json([{ id: 'r1' }]));
    await expect(provider.getList({ resource: 'role' })).rejects.toThrow(MISSING_TOTAL_NUMBER);
  });

  it('accepts a list without Total-Number when paging is off', async () => {
    const { provider, calls } = setup(() => json([{ id: 'a' }, { id: 'b' }]));
    const result = await provider.getList({ resource: 'role', pagination: { mode: 'off' } });
    expect(result.total).toBe(2);
    expect(query(calls[0]?.url ?? '').has('page')).toBe(false);
  });

  it('fills nested paths from meta.parent and meta.apiPath with params', async () => {
    const { provider, calls } = setup(() => json([], 200, { 'Total-Number': '0' }));
    await provider.getList({ resource: 'scope', meta: { parent: { resourceId: 'res 1' } } });
    await provider.getList({ resource: 'scope', meta: { apiPath: '/roles/{id}/scopes', params: { id: 'r1' } } });
    expect(calls[0]?.url.startsWith('/api/resources/res%201/scopes?')).toBe(true);
    expect(calls[1]?.url.startsWith('/api/roles/r1/scopes?')).toBe(true);
    await expect(provider.getList({ resource: 'scope' })).rejects.toThrow(/resourceId/);
  });

  it('creates with POST, updates with PATCH and deletes with DELETE', async () => {
    const { provider, calls } = setup(({ init }) =>
      init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ id: 's1', name: 'read' }, 201),
    );
    await provider.create({ resource: 'scope', variables: { name: 'read' }, meta: { parent: { resourceId: 'r1' } } });
    await provider.update({ resource: 'role', id: 'x', variables: { name: 'n' } });
    const deleted = await provider.deleteOne({ resource: 'role', id: 'x' });
    expect(calls.map((call) => `${call.init?.method} ${call.url}`)).toEqual([
      'POST /api/resources/r1/scopes',
      'PATCH /api/roles/x',
      'DELETE /api/roles/x',
    ]);
    expect(calls[0]?.init?.body).toBe('{"name":"read"}');
    expect(deleted.data).toEqual({ id: 'x' });
  });

  it('turns an error body into an HttpError with status, code and data', async () => {
    const body = { message: 'This role name is already in use.', code: 'role.name_in_use', data: { name: 'admin' } };
    const { provider } = setup(() => json(body, 422));
    const error = await provider.create({ resource: 'role', variables: { name: 'admin' } }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'role.name_in_use',
      data: { name: 'admin' },
      message: body.message,
    });
  });

  it('lists input issues by field for Refine', async () => {
    const issues = [{ path: '/config/url', keyword: 'format', message: 'must match format "uri"', params: {} }];
    const { provider } = setup(() => json({ message: 'invalid', code: 'guard.invalid_input', data: { issues } }, 400));
    const error = await provider.create({ resource: 'role', variables: {} }).catch((caught) => caught);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'guard.invalid_input',
      errors: { 'config.url': 'must match format "uri"' },
    });
  });

  it('falls back to a status message when the body is not an error object', async () => {
    const { provider } = setup(() => new Response('<html>oops</html>', { status: 502 }));
    const error = await provider.getOne({ resource: 'role', id: 'x' }).catch((caught) => caught);
    expect(error).toMatchObject({ statusCode: 502, message: 'Bad gateway', code: undefined });
  });

  it('reports a network failure as an HttpError', async () => {
    const provider = createDataProvider({
      apiPaths,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(provider.getOne({ resource: 'role', id: 'x' })).rejects.toMatchObject({
      statusCode: 0,
      message: 'Network error',
    });
  });
});
