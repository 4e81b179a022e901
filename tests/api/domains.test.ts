/**
 * Custom domains through a client typed by Logto's Management API: added with the records to create, found active
 * once a real DNS server (run by the test, given to the server as its resolver) has them, in error when a record
 * points elsewhere; their verification files served at the domain; the stale ones cleaned up.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { startDnsServer } from './dns-server.js';
import { databases, useApi } from './harness.js';
import { expectShape, type Json, type Shape } from './logto-contract-shapes.js';

type Domain = Json<'/api/domains/{id}', 'get', 200>;
const domainShape: Shape<Domain> = {
  id: ['string'],
  domain: ['string'],
  status: ['string'],
  errorMessage: ['string', 'null'],
  dnsRecords: ['array'],
  createdAt: ['number'],
};

const TARGET = 'id.gatehouse.test';

describe.each(databases())('custom domains on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  const saved = { resolver: process.env.DNS_RESOLVER, target: process.env.CUSTOM_DOMAIN_TARGET };

  beforeAll(async () => {
    dns = await startDnsServer();
    process.env.DNS_RESOLVER = dns.address;
    process.env.CUSTOM_DOMAIN_TARGET = TARGET;
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  afterAll(async () => {
    process.env.DNS_RESOLVER = saved.resolver ?? '';
    process.env.CUSTOM_DOMAIN_TARGET = saved.target ?? '';
    await dns.close();
  });

  const add = async (domain: string) => {
    const created = await client.POST('/api/domains', { body: { domain } });
    expect(created.response.status).toBe(201);
    return created.data as Domain;
  };
  const read = async (id: string) => (await client.GET('/api/domains/{id}', { params: { path: { id } } })).data;

  it('adds a domain with the records to create, and finds it active once DNS has them', async () => {
    dns.clear();
    const added = await add('Auth.Example.com');
    expectShape(added, domainShape, 'CreateDomain');
    expect(added).toMatchObject({ domain: 'auth.example.com', status: 'PendingVerification', errorMessage: null });
    expect(added).not.toHaveProperty('verificationToken');
    const [cname, txt] = added.dnsRecords;
    expect(cname).toEqual({ type: 'CNAME', name: 'auth.example.com', value: TARGET });
    expect(txt).toMatchObject({ type: 'TXT', name: '_gatehouse-challenge.auth.example.com' });
    expect(txt?.value).toMatch(/^gatehouse-verification=[0-9a-f]{32}$/);

    // The CNAME alone is not enough: the TXT record proves the domain is this tenant's.
    dns.setCname('auth.example.com', TARGET);
    expect(await read(added.id)).toMatchObject({ status: 'PendingVerification', errorMessage: null });
    dns.setTxt('_gatehouse-challenge.auth.example.com', 'unrelated', String(txt?.value));
    const active = await read(added.id);
    expectShape(active, domainShape, 'GetDomain');
    expect(active).toMatchObject({ status: 'Active', errorMessage: null });
    const listed = await client.GET('/api/domains');
    expect(listed.response.status).toBe(200);
    expect(listed.data?.map(({ domain, status }) => ({ domain, status }))).toEqual([
      { domain: 'auth.example.com', status: 'Active' },
    ]);
  });

  it('says what is wrong when a record points elsewhere, and when the resolver fails', async () => {
    dns.clear();
    const added = await add('login.example.org');
    dns.setCname('login.example.org', 'old-provider.example.net');
    const wrong = await read(added.id);
    expect(wrong?.status).toBe('Error');
    expect(wrong?.errorMessage).toContain('old-provider.example.net');
    dns.setFailing(true);
    try {
      const failed = await read(added.id);
      expect(failed?.status).toBe('PendingVerification');
      expect(failed?.errorMessage).toMatch(/DNS lookup failed/);
    } finally {
      dns.setFailing(false);
    }
  });

  it("refuses a domain twice, one that is not a host name, and the server's own host, changing nothing", async () => {
    await add('sso.example.com');
    const twice = await client.POST('/api/domains', { body: { domain: 'SSO.example.com' } });
    expect(twice.response.status).toBe(422);
    expect(twice.error).toMatchObject({ code: 'domain.domain_in_use' });
    for (const domain of ['https://a.example.com', 'a.example.com:8443', 'example', 'a..example.com']) {
      const bad = await client.POST('/api/domains', { body: { domain } });
      expect(bad.response.status, domain).toBe(400);
    }
    const own = await client.POST('/api/domains', { body: { domain: `login.${TARGET}` } });
    expect(own.response.status).toBe(400);
    expect(own.error).toMatchObject({ code: 'domain.domain_is_not_allowed' });
    expect(await api.count('domains')).toBe(1);
    const missing = await client.GET('/api/domains/{id}', { params: { path: { id: 'missing' } } });
    expect(missing.response.status).toBe(404);
  });

  it('serves its verification files at the domain, and only there', async () => {
    const added = await add('apps.example.com');
    const verificationFiles = [
      { path: '/.well-known/apple-app-site-association', content: '{"applinks":{}}', contentType: 'application/json' },
      { path: '/google1234.html', content: 'google-site-verification: google1234.html', contentType: 'text/plain' },
    ] as const;
    const put = await client.PUT('/api/domains/{id}/verification-files', {
      params: { path: { id: added.id } },
      body: { verificationFiles: [...verificationFiles] } as never,
    });
    expect(put.response.status).toBe(200);
    expect(put.data).toEqual(verificationFiles);
    const got = await client.GET('/api/domains/{id}/verification-files', { params: { path: { id: added.id } } });
    expect(got.data).toEqual(verificationFiles);

    const served = await api.request('GET', '/.well-known/apple-app-site-association', undefined, {
      host: 'apps.example.com',
    });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.body).toEqual({ applinks: {} });
    const text = await api.request('GET', '/google1234.html', undefined, { host: 'apps.example.com:443' });
    expect(text.status).toBe(200);
    expect(text.body).toBe('google-site-verification: google1234.html');
    // Another host, or a path the domain has no file at: not found.
    expect((await api.request('GET', '/google1234.html', undefined, { host: 'other.example.com' })).status).toBe(404);
    expect((await api.request('GET', '/google9999.html', undefined, { host: 'apps.example.com' })).status).toBe(404);
  });

  it('refuses verification files it could not serve, changing nothing', async () => {
    const added = await add('files.example.com');
    const attempts = [
      [
        { path: '/a.txt', content: 'x', contentType: 'text/plain' },
        { path: '/a.txt', content: 'y', contentType: 'text/plain' },
      ],
      [{ path: '/a.json', content: '{not json', contentType: 'application/json' }],
      [{ path: '/no-extension', content: 'x', contentType: 'text/plain' }],
      [{ path: '/dir/a.txt', content: 'x', contentType: 'text/plain' }],
      [{ path: '/a.txt', content: 'x', contentType: 'text/html' }],
    ];
    for (const verificationFiles of attempts) {
      const refused = await client.PUT('/api/domains/{id}/verification-files', {
        params: { path: { id: added.id } },
        // Bodies Logto's types do not allow, sent as a client would.
        body: { verificationFiles } as never,
      });
      expect(refused.response.status, JSON.stringify(verificationFiles)).toBe(400);
    }
    expect((await read(added.id)) && (await api.db.query('SELECT verification_files FROM domains')).rows).toEqual([
      { verification_files: [] },
    ]);
  });

  it('cleans up the domains that stayed inactive past the days given, and keeps the active and the recent', async () => {
    dns.clear();
    const stale = await add('stale.example.com');
    const recent = await add('recent.example.com');
    const live = await add('live.example.com');
    const txt = (live.dnsRecords[1]?.value ?? '') as string;
    dns.setCname('live.example.com', TARGET);
    dns.setTxt('_gatehouse-challenge.live.example.com', txt);
    await api.db.query(`UPDATE domains SET created_at = now() - interval '8 days' WHERE id = ANY($1)`, [
      [stale.id, live.id],
    ]);
    const cleaned = await client.POST('/api/domains/cleanup', { body: { staleDays: 7 } });
    expect(cleaned.response.status).toBe(200);
    expect(cleaned.data).toEqual({ scannedCount: 3, deletedCount: 1, skippedActiveCount: 1, failedCount: 0 });
    const left = await client.GET('/api/domains');
    expect(left.data?.map(({ id }) => id).sort()).toEqual([recent.id, live.id].sort());
    const deleted = await client.DELETE('/api/domains/{id}', { params: { path: { id: recent.id } } });
    expect(deleted.response.status).toBe(204);
    expect((await client.POST('/api/domains/cleanup', { body: { staleDays: 0 } })).response.status).toBe(400);
  });
});
