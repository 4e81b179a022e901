import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { consoleAuthorization, consoleUrls, signInToConsole } from './console-session.js';
import { databases, unique } from './harness.js';
import { type Browser, formAction, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { createUser as addUser } from './users.js';

const PASSWORD = 'correct horse battery';

/** Signing out at the admin tenant's provider (RP-initiated logout), as the console does it. */
describe.each(databases())('signing out on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let urls: ReturnType<typeof consoleUrls>;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    urls = consoleUrls(server.origin);
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const createUser = async () => {
    const username = unique('out_');
    await addUser(db, 'admin', { username, password: PASSWORD });
    return username;
  };

  const endSession = (browser: Browser, params: Record<string, string>) =>
    browser.get(`${urls.issuer}/session/end?${new URLSearchParams(params)}`);

  /** Whether the browser's provider session still signs it in silently. */
  const silentlySignedIn = async (browser: Browser) => {
    const back = await browser.follow(consoleAuthorization(server.origin, { prompt: 'none' }).url, urls.callback);
    const url = new URL(back.location ?? '');
    return url.searchParams.has('code') ? true : url.searchParams.get('error') === 'login_required' ? false : url;
  };

  it('ends the session in one step when the console’s own ID token asks, straight back to the console', async () => {
    const { browser, tokens } = await signInToConsole(server.origin, await createUser(), PASSWORD);
    expect(await silentlySignedIn(browser)).toBe(true);

    const end = await endSession(browser, {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: urls.postLogout,
      state: 'after-sign-out',
    });
    // No confirmation page: the answer is the redirect back to the console.
    expect(end.status, end.text).toBe(303);
    expect(end.location).toBe(`${urls.postLogout}?state=after-sign-out`);
    expect(end.text).not.toContain('Do you want to sign out');
    expect(await silentlySignedIn(browser)).toBe(false);
    // The console's grant is gone with the session: its refresh token no longer works.
    const refreshed = await postForm(`${urls.issuer}/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'admin-console',
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('asks before ending the session when nothing says which application asks', async () => {
    const { browser } = await signInToConsole(server.origin, await createUser(), PASSWORD);
    const end = await endSession(browser, {});
    expect(end.status).toBe(200);
    expect(end.text).toContain('Do you want to sign out');
    expect(end.text).not.toMatch(/<script|<style|style=/);
    expect(await silentlySignedIn(browser)).toBe(true);

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(end.text)?.[1] ?? '';
    const confirmed = await browser.post(formAction(end.text, server.origin), { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(`${urls.issuer}/session/end/success`);
    const done = await browser.get(confirmed.location as string);
    expect(done.text).toContain('You have signed out.');
    expect(await silentlySignedIn(browser)).toBe(false);
  });

  it('asks when the ID token is another account’s, and keeps the session until the user confirms', async () => {
    const { browser } = await signInToConsole(server.origin, await createUser(), PASSWORD);
    const other = await signInToConsole(server.origin, await createUser(), PASSWORD);
    const end = await endSession(browser, {
      id_token_hint: other.tokens.id_token,
      post_logout_redirect_uri: urls.postLogout,
    });
    expect(end.status).toBe(200);
    expect(end.text).toContain('Do you want to sign out');
    expect(await silentlySignedIn(browser)).toBe(true);
  });

  it('refuses an unregistered post_logout_redirect_uri without ending the session', async () => {
    const { browser, tokens } = await signInToConsole(server.origin, await createUser(), PASSWORD);
    const end = await endSession(browser, {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'https://elsewhere.example.com/',
    });
    expect(end.status).toBe(400);
    expect(end.text).toContain('invalid_request');
    expect(await silentlySignedIn(browser)).toBe(true);
  });
});
