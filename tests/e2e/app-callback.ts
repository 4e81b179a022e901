/**
 * The application a sign-in returns to: a real page on a port of its own, so every way the sign-in pages end
 * (a form the user submits, or one their script submits) lands on something the browser can load.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pkce } from '../api/oidc-helpers.js';
import { visible } from './console-steps';

export interface AppCallback {
  /** `http://localhost:{port}/callback`, to register as the application's redirect URI. */
  url: string;
  close: () => Promise<void>;
}

export const startAppCallback = async (name: string): Promise<AppCallback> => {
  const server = createServer((_request, response) => {
    const title = name.replace(/[<&>]/g, '');
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!DOCTYPE html><title>${title}</title><h1>${title}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/callback`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * Where an application sends a user to sign in: the tenant's authorization endpoint with a code flow and PKCE,
 * returning to `redirectUri`; `extra` adds or replaces parameters (`state`, `prompt`, `first_screen`...).
 */
export const authorizationUrl = (
  origin: string,
  clientId: string,
  redirectUri: string,
  extra: Record<string, string> = {},
) =>
  `${origin}/oidc/auth?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    state: 'app',
    ...extra,
  })}`;

/**
 * The application's side of a sign-in in one browser page, read when a step runs (after the file's setup): back
 * at the application with a code, and signed out at the provider as its sign-out button would do it.
 */
export const appSteps = (
  current: () => { page: Page; origin: string; clientId: string; callback: string; appName: string },
) => ({
  backInApp: async () => {
    const { page, callback, appName } = current();
    await page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
    await visible(page.getByRole('heading', { name: appName }));
  },
  signOut: async () => {
    const { page, origin, clientId } = current();
    await page.goto(`${origin}/oidc/session/end?client_id=${clientId}`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Signed out' }));
  },
});
