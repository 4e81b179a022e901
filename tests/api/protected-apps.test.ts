/**
 * Protected apps through a client typed by Logto's Management API: a protected app gets its host under the server's
 * protected apps' domain (one host, one app, whichever tenant asks) with the redirect URIs of its edge; its origin,
 * session and page rules change; one custom domain at a time, verified against a real DNS server the test runs, adds
 * and removes its redirect URIs; and a server without the domain answers 501.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { startDnsServer } from './dns-server.js';
import { databases, unique, useApi } from './harness.js';

const DOMAIN = 'apps.gatehouse.test';
const codeOf = (error: unknown) => (error as { code?: string } | undefined)?.code;

describe.each(databases())('protected apps on $name', (target) => {
  const api = useApi(target, { app: { protectedAppDomain: DOMAIN } });
  let client: Client<paths>;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  const saved = process.env.DNS_RESOLVER;

  beforeAll(async () => {
    dns = await startDnsServer();
    process.env.DNS_RESOLVER = dns.address;
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  afterAll(async () => {
    process.env.DNS_RESOLVER = saved ?? '';
    await dns.close();
  });

  const createProtected = (subDomain: string, origin = 'https://shop.example.com') =>
    client.POST('/api/applications', {
      body: { name: 'Shop', type: 'Protected', protectedAppMetadata: { subDomain, origin } },
    });

  it('makes the host, the defaults and the edge’s redirect URIs of a new protected app', async () => {
    const sub = unique('shop-');
    const created = await createProtected(sub.toUpperCase());
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const host = `${sub}.${DOMAIN}`;
    expect(created.data?.protectedAppMetadata).toEqual({
      host,
      origin: 'https://shop.example.com',
      sessionDuration: 1_209_600,
      pageRules: [],
      additionalScopes: [],
    });
    expect(created.data?.oidcClientMetadata).toMatchObject({
      redirectUris: [`https://${host}/sign-in-callback`],
      postLogoutRedirectUris: [`https://${host}`],
    });
    expect(created.data?.secret).toEqual(expect.any(String));
    const system = await client.GET('/api/systems/application');
    expect(system.data).toEqual({ protectedApps: { defaultDomain: DOMAIN } });
    const other = await client.POST('/api/applications', { body: { name: 'Web', type: 'Traditional' } });
    expect(other.data?.protectedAppMetadata).toBeNull();
  });

  it('refuses a protected app without its subdomain, with a bad one, or with one in use (also racing)', async () => {
    const missing = await client.POST('/api/applications', { body: { name: 'Shop', type: 'Protected' } });
    expect([missing.response.status, codeOf(missing.error)]).toEqual([
      400,
      'application.protected_app_metadata_is_required',
    ]);
    const bad = await createProtected('-shop');
    expect([bad.response.status, codeOf(bad.error)]).toEqual([422, 'application.invalid_subdomain']);
    const sub = unique('race-');
    const raced = await Promise.all([createProtected(sub), createProtected(sub)]);
    expect(raced.map((answer) => answer.response.status).sort()).toEqual([200, 422]);
    expect(codeOf(raced.find((answer) => answer.response.status === 422)?.error)).toBe(
      'application.protected_application_subdomain_exists',
    );
  });

  it('changes the origin, session and page rules, never the host; only of a protected app', async () => {
    const created = await createProtected(unique('edit-'));
    const id = created.data?.id as string;
    const patched = await client.PATCH('/api/applications/{id}', {
      params: { path: { id } },
      body: {
        protectedAppMetadata: {
          origin: 'https://new.example.com',
          sessionDuration: 3600,
          pageRules: [{ path: '^/admin' }],
        },
      },
    });
    expect(patched.response.status).toBe(200);
    expect(patched.data?.protectedAppMetadata).toMatchObject({
      host: created.data?.protectedAppMetadata?.host,
      origin: 'https://new.example.com',
      sessionDuration: 3600,
      pageRules: [{ path: '^/admin' }],
    });
    const web = await client.POST('/api/applications', { body: { name: 'Web', type: 'Traditional' } });
    const refused = await client.PATCH('/api/applications/{id}', {
      params: { path: { id: web.data?.id as string } },
      body: { protectedAppMetadata: { origin: 'https://x.example.com' } },
    });
    expect([refused.response.status, codeOf(refused.error)]).toEqual([400, 'application.protected_application_only']);
  });

  it('adds one custom domain, verified by DNS, with its redirect URIs, and removes it again', async () => {
    dns.clear();
    const sub = unique('custom-');
    const created = await createProtected(sub);
    const id = created.data?.id as string;
    const path = { params: { path: { id } } };
    expect((await client.GET('/api/applications/{id}/protected-app-metadata/custom-domains', path)).data).toEqual([]);
    const domain = `${sub}.example.org`;
    const added = await client.POST('/api/applications/{id}/protected-app-metadata/custom-domains', {
      ...path,
      body: { domain: domain.toUpperCase() },
    });
    expect(added.response.status).toBe(201);
    const listed = await client.GET('/api/applications/{id}/protected-app-metadata/custom-domains', path);
    const [entry] = listed.data ?? [];
    expect(entry).toMatchObject({ domain, status: 'PendingVerification', errorMessage: null, cloudflareData: null });
    const [cname, txt] = entry?.dnsRecords ?? [];
    expect(cname).toEqual({ type: 'CNAME', name: domain, value: `${sub}.${DOMAIN}` });
    const app = await client.GET('/api/applications/{id}', path);
    expect(app.data?.oidcClientMetadata.redirectUris).toContain(`https://${domain}/sign-in-callback`);

    dns.setCname(domain, `${sub}.${DOMAIN}`);
    dns.setTxt(String(txt?.name), String(txt?.value));
    const active = await client.GET('/api/applications/{id}/protected-app-metadata/custom-domains', path);
    expect(active.data?.[0]?.status).toBe('Active');

    const second = await client.POST('/api/applications/{id}/protected-app-metadata/custom-domains', {
      ...path,
      body: { domain: `other.${domain}` },
    });
    expect([second.response.status, codeOf(second.error)]).toEqual([422, 'domain.limit_to_one_domain']);
    const elsewhere = await createProtected(unique('else-'));
    const taken = await client.POST('/api/applications/{id}/protected-app-metadata/custom-domains', {
      params: { path: { id: elsewhere.data?.id as string } },
      body: { domain },
    });
    expect([taken.response.status, codeOf(taken.error)]).toEqual([422, 'domain.hostname_already_exists']);
    const kept = await client.DELETE('/api/applications/{id}', path);
    expect([kept.response.status, codeOf(kept.error)]).toEqual([422, 'application.should_delete_custom_domains_first']);

    const domainPath = { params: { path: { id, domain } } };
    const removed = await client.DELETE(
      '/api/applications/{id}/protected-app-metadata/custom-domains/{domain}',
      domainPath,
    );
    expect(removed.response.status).toBe(204);
    const again = await client.DELETE(
      '/api/applications/{id}/protected-app-metadata/custom-domains/{domain}',
      domainPath,
    );
    expect([again.response.status, codeOf(again.error)]).toEqual([404, 'application.custom_domain_not_found']);
    const after = await client.GET('/api/applications/{id}', path);
    expect(after.data?.oidcClientMetadata.redirectUris).toEqual([`https://${sub}.${DOMAIN}/sign-in-callback`]);

    // Deleted, the app frees its host for a new one.
    expect((await client.DELETE('/api/applications/{id}', path)).response.status).toBe(204);
    expect((await createProtected(sub)).response.status).toBe(200);
  });
});

describe.each(databases())('a server without protected apps on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  it('answers 501 for a protected app and for the protected apps’ domain', async () => {
    const created = await client.POST('/api/applications', {
      body: { name: 'Shop', type: 'Protected', protectedAppMetadata: { subDomain: 'shop', origin: 'https://x.io' } },
    });
    expect([created.response.status, codeOf(created.error)]).toEqual([501, 'application.protected_app_not_configured']);
    const system = await client.GET('/api/systems/application');
    expect(system.response.status).toBe(501);
  });
});
