/**
 * The steps of the tenant sign-in page tests: an application in a tenant, its authorization request opened in a
 * cookie-keeping browser, the sign-in experience patched through the Management API.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppOptions } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/database.js';
import type { DatabaseTarget } from './harness.js';
import { Browser, formAction, pkce, type RunningServer, startServer } from './oidc-helpers.js';

export const CALLBACK = 'https://app.example.com/callback';
export const PASSWORD = 'Long-enough-passw0rd';

/** A tenant's path prefix: '' for the default tenant, `/t/{id}` for another. */
export type TenantPath = '' | `/t/${string}`;

export const useSignInPages = (target: DatabaseTarget, options: () => Partial<AppOptions> = () => ({})) => {
  const state: { db?: Database; dispose?: () => Promise<void>; server?: RunningServer } = {};
  const apps = new Map<string, string>();

  beforeAll(async () => {
    const opened = await target.open();
    state.db = opened.db;
    state.dispose = opened.dispose;
    await opened.db.query(`INSERT INTO tenants (id, name) VALUES ('acme', 'Acme') ON CONFLICT DO NOTHING`);
    state.server = await startServer(opened.db, options());
  });
  afterAll(async () => {
    await state.server?.close();
    await state.dispose?.();
  });

  const origin = () => state.server?.origin ?? '';
  const db = () => state.db as Database;

  const api = async (tenant: TenantPath, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin()}${tenant}/api${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
  };

  const patch = async (tenant: TenantPath, body: Record<string, unknown>) => {
    const answer = await api(tenant, 'PATCH', '/sign-in-exp', body);
    expect(answer.status, answer.text).toBe(200);
    return answer.json();
  };

  /** The tenant's test application (a traditional web app), created once. */
  const appOf = async (tenant: TenantPath) => {
    const known = apps.get(tenant);
    if (known) return known;
    const created = await api(tenant, 'POST', '/applications', {
      name: 'Partner portal',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [CALLBACK], postLogoutRedirectUris: [] },
    });
    expect(created.status, created.text).toBe(200);
    const { id } = created.json() as { id: string };
    apps.set(tenant, id);
    return id;
  };

  /** Follows the tenant's authorization request for its application to the page it ends on. */
  const openAt = async (tenant: TenantPath, extra: Record<string, string> = {}, browser = new Browser()) => {
    const { challenge } = pkce();
    const params = new URLSearchParams({
      client_id: await appOf(tenant),
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'xyz',
      ...extra,
    });
    return browser.follow(`${origin()}${tenant}/oidc/auth?${params}`);
  };

  /** Opens the tenant's sign-in page for its application, as a browser with `language` would. */
  const open = async (tenant: TenantPath, extra: Record<string, string> = {}, language = 'en') => {
    const browser = new Browser(language);
    const page = await openAt(tenant, extra, browser);
    expect(page.url).toMatch(/\/interaction\/[\w-]+$/);
    const post = (suffix: '/sign-in' | '/register', form: Record<string, string>) =>
      browser.post(formAction(page.text, origin(), suffix), form);
    const postTo = (suffix: '/sign-in' | '/register', form: Record<string, string>) =>
      browser.post(`${page.url}${suffix}`, form);
    return { browser, page, post, postTo };
  };

  const countUsers = async (tenantId: string) => {
    const { rows } = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE tenant_id = $1', [
      tenantId,
    ]);
    return Number(rows[0]?.n ?? 0);
  };

  /** Every tenant back to the default sign-in experience, without custom phrases. */
  const reset = () => db().exec('DELETE FROM sign_in_experiences; DELETE FROM custom_phrases;');

  /** The running server (its audit log and webhooks, to flush before reading them). */
  const app = () => (state.server as RunningServer).app;

  return { origin, db, app, api, patch, open, openAt, countUsers, reset, server: () => state.server as RunningServer };
};

/** The nonce of a page's policy, and whether its one style element carries it. */
export const styleNonce = (page: { headers: Headers; text: string }) => {
  const policy = page.headers.get('content-security-policy') ?? '';
  expect(policy).not.toContain('unsafe-inline');
  const nonce = policy.match(/style-src 'self' 'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  expect(page.text.match(/<style[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
  return nonce as string;
};

/** The text of the page's style element. */
export const styleOf = (text: string) => text.match(/<style[^>]*>([\s\S]*?)<\/style>/)?.[1] ?? '';
