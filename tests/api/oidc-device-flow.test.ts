/**
 * The device authorization grant for a native app marked `isDeviceFlow`: the device asks for a code, the user enters
 * it on the tenant's device page in a browser, confirms it, signs in, and the polling device receives its tokens.
 * A wrong code, a cancelled confirmation and a spent device code are refused; only native apps may use the flow.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEVICE_CODE_GRANT } from '../../src/server/oidc/clients.js';
import { databases, unique } from './harness.js';
import { Browser, formAction, postForm } from './oidc-helpers.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { usersClient } from './user-sign-in.js';
import { createUser } from './users.js';

const xsrfOf = (page: string) => /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';

describe.each(databases())('device flow on $name', (target) => {
  const pages = useSignInPages(target);
  const client = () => usersClient(pages.origin());
  const issuer = () => `${pages.origin()}/oidc`;

  const deviceApp = async () => {
    const made = await client().POST('/api/applications', {
      body: { name: 'Living room TV', type: 'Native', customClientMetadata: { isDeviceFlow: true } } as never,
    });
    expect(made.response.status, JSON.stringify(made.error)).toBe(200);
    return made.data?.id ?? '';
  };
  const requestCode = async (clientId: string) => {
    const answer = await postForm(`${issuer()}/device/auth`, {
      client_id: clientId,
      scope: 'openid profile offline_access',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { device_code: string; user_code: string; verification_uri: string; interval: number };
  };
  const poll = (clientId: string, deviceCode: string) =>
    postForm(`${issuer()}/token`, { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: clientId });

  it('refuses the device flow for an app that is not native, changing nothing', async () => {
    const spa = await client().POST('/api/applications', {
      body: { name: 'Web', type: 'SPA', customClientMetadata: { isDeviceFlow: true } } as never,
    });
    expect(spa.response.status).toBe(422);
    expect(spa.error).toMatchObject({ code: 'application.device_flow_native_only' });
    const web = await client().POST('/api/applications', { body: { name: 'Portal', type: 'Traditional' } });
    const id = web.data?.id ?? '';
    const patched = await client().PATCH('/api/applications/{id}', {
      params: { path: { id } },
      body: { customClientMetadata: { isDeviceFlow: true } } as never,
    });
    expect(patched.response.status).toBe(422);
    const stored = await client().GET('/api/applications/{id}', { params: { path: { id } } });
    expect(stored.data?.customClientMetadata).not.toHaveProperty('isDeviceFlow');
    // Whether a native app uses the device flow is set at its creation (Logto's 422 for a change).
    const tv = await deviceApp();
    const changed = await client().PATCH('/api/applications/{id}', {
      params: { path: { id: tv } },
      body: { customClientMetadata: { isDeviceFlow: false } } as never,
    });
    expect(changed.response.status).toBe(422);
    expect(changed.error).toMatchObject({ code: 'application.device_flow_not_changeable' });
    const kept = await client().PATCH('/api/applications/{id}', {
      params: { path: { id: tv } },
      body: { customClientMetadata: { isDeviceFlow: true, idTokenTtl: 600 } } as never,
    });
    expect(kept.response.status).toBe(200);
  });

  it('signs a device in: the code entered and confirmed, the user signed in, the tokens to the polling device', async () => {
    const clientId = await deviceApp();
    const username = unique('tv_');
    const user = await createUser(pages.db(), 'default', { username, password: PASSWORD });
    const code = await requestCode(clientId);
    expect(code.user_code).toMatch(/^[B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4}$/);
    expect(code.verification_uri).toBe(`${issuer()}/device`);
    const waiting = await poll(clientId, code.device_code);
    expect(waiting.status).toBe(400);
    expect(waiting.body.error).toBe('authorization_pending');

    const browser = new Browser();
    const input = await browser.get(code.verification_uri);
    expect(input.status).toBe(200);
    expect(input.text).toContain('Enter the code your device shows.');
    const action = formAction(input.text, pages.origin());
    const wrong = await browser.post(action, { xsrf: xsrfOf(input.text), user_code: 'BCDF-GHJK' });
    expect(wrong.text).toContain('That code is not valid or has expired.');
    // Typed in lower case and without the dash, as people do.
    const typed = code.user_code.replace('-', '').toLowerCase();
    const confirm = await browser.post(formAction(wrong.text, pages.origin()), {
      xsrf: xsrfOf(wrong.text),
      user_code: typed,
    });
    expect(confirm.text).toContain('Sign in to Living room TV on your device?');
    expect(confirm.text).toContain(code.user_code);
    const confirmed = await browser.post(formAction(confirm.text, pages.origin()), {
      xsrf: xsrfOf(confirm.text),
      user_code: code.user_code,
      confirm: 'yes',
    });
    const signInPage = await browser.follow(confirmed.location ?? '');
    const submitted = await browser.post(formAction(signInPage.text, pages.origin(), '/sign-in'), {
      identifier: username,
      password: PASSWORD,
    });
    expect(submitted.status, submitted.text).toBe(303);
    const done = await browser.follow(submitted.location ?? '');
    expect(done.status).toBe(200);
    expect(done.text).toContain('You are signed in to Living room TV on your device.');

    const tokens = await poll(clientId, code.device_code);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(decodeJwt(tokens.body.id_token).sub).toBe(user.id);
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    // A device code is spent once.
    const again = await poll(clientId, code.device_code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('leaves the device refused when the user cancels, and keeps the app from the code flow', async () => {
    const clientId = await deviceApp();
    const code = await requestCode(clientId);
    const browser = new Browser();
    const page = await browser.get(`${code.verification_uri}?user_code=${code.user_code}`);
    expect(page.text).toContain(code.user_code);
    const cancelled = await browser.post(formAction(page.text, pages.origin()), {
      xsrf: xsrfOf(page.text),
      user_code: code.user_code,
      abort: 'yes',
    });
    expect(cancelled.text).toContain('The sign-in of the device was cancelled.');
    const refused = await poll(clientId, code.device_code);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('access_denied');
    // A device app has no authorization code flow (no redirect URI, no response type).
    const authorize = await fetch(
      `${issuer()}/auth?client_id=${clientId}&response_type=code&redirect_uri=${encodeURIComponent('https://x.example/cb')}&scope=openid`,
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(400);
  });
});
