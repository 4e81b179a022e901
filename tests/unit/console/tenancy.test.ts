import type { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { OrganizationTokenError, OrganizationTokens } from '../../../src/console/auth/organization-tokens';
import { consoleFeatures } from '../../../src/console/feature-modules/registry';
import { consoleLocationOf, ROOT_SEGMENTS, tenantConsoleHref } from '../../../src/console/tenancy/location';

describe('the console location', () => {
  it('manages the default tenant at /console in the open-source edition', () => {
    expect(consoleLocationOf('/console/applications', false)).toEqual({ basename: '/console', tenantId: 'default' });
    expect(consoleLocationOf('/console/abc123/roles', false)).toEqual({ basename: '/console', tenantId: 'default' });
  });

  it('roots a cloud tenant’s pages at /console/{id}, and the root pages at /console', () => {
    expect(consoleLocationOf('/console/abc123/roles/r1/settings', true)).toEqual({
      basename: '/console/abc123',
      tenantId: 'abc123',
    });
    expect(consoleLocationOf('/console/abc123', true).tenantId).toBe('abc123');
    for (const path of ['/console', '/console/', '/console/callback', '/console/profile', '/console/accept/i1']) {
      expect(consoleLocationOf(path, true)).toEqual({ basename: '/console', tenantId: undefined });
    }
    expect(consoleLocationOf('/console/Not_A_Tenant', true).tenantId).toBeUndefined();
    expect(tenantConsoleHref('abc123')).toBe('/console/abc123');
    expect(tenantConsoleHref('abc123', '/roles')).toBe('/console/abc123/roles');
  });

  it('keeps every page outside a tenant’s frame out of the tenant ids', () => {
    const outside = consoleFeatures.flatMap((feature) =>
      feature.pages.filter((page) => page.placement !== 'layout').map((page) => page.path.split('/')[0] as string),
    );
    expect(outside.length).toBeGreaterThan(0);
    for (const segment of outside) expect(ROOT_SEGMENTS.has(segment), segment).toBe(true);
  });
});

const tokenAnswer = (body: Record<string, unknown>, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A stored user whose refresh token the exchanges rotate, and the token endpoint's requests. */
const scene = (answers: Response[]) => {
  const user = { refresh_token: 'rt-1' } as User;
  const stored: string[] = [];
  const requests: URLSearchParams[] = [];
  let now = 1_000_000;
  const tokens = new OrganizationTokens(
    {
      getUser: async () => user,
      storeUser: async (next) => {
        stored.push(next.refresh_token as string);
      },
      metadataService: { getTokenEndpoint: async () => 'https://issuer.example/token' },
      settings: { client_id: 'admin-console' },
    },
    {
      fetch: async (_url, init) => {
        requests.push(new URLSearchParams(String(init?.body)));
        return answers.shift() ?? tokenAnswer({ error: 'unexpected' }, 500);
      },
      now: () => now,
    },
  );
  return { tokens, user, stored, requests, advance: (ms: number) => (now += ms) };
};

describe('organization tokens', () => {
  it('trades the refresh token for the organization’s token, keeps it, and stores the rotated refresh token', async () => {
    const s = scene([
      tokenAnswer({ access_token: 'org-1', refresh_token: 'rt-2', expires_in: 3600 }),
      tokenAnswer({ access_token: 'org-2', refresh_token: 'rt-3', expires_in: 3600 }),
    ]);
    expect(await s.tokens.get('t-abc123')).toBe('org-1');
    expect(Object.fromEntries(s.requests[0] ?? [])).toEqual({
      grant_type: 'refresh_token',
      client_id: 'admin-console',
      refresh_token: 'rt-1',
      organization_id: 't-abc123',
    });
    expect(s.stored).toEqual(['rt-2']);
    // Kept until shortly before it expires, then traded again with the latest refresh token.
    expect(await s.tokens.get('t-abc123')).toBe('org-1');
    s.advance(3600_000 - 10_000);
    expect(await s.tokens.get('t-abc123')).toBe('org-2');
    expect(s.requests[1]?.get('refresh_token')).toBe('rt-2');
  });

  it('asks once for concurrent callers, and reports a refusal with its status', async () => {
    const s = scene([
      tokenAnswer({ access_token: 'org-1', expires_in: 60 }),
      tokenAnswer({ error: 'access_denied' }, 403),
    ]);
    const [a, b] = await Promise.all([s.tokens.get('t-a'), s.tokens.get('t-a')]);
    expect([a, b]).toEqual(['org-1', 'org-1']);
    expect(s.requests).toHaveLength(1);
    const refused = await s.tokens.get('t-b').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OrganizationTokenError);
    expect(refused).toMatchObject({ status: 403, error: 'access_denied' });
  });
});
