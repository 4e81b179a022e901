/**
 * Social sign-in on the sign-in pages against a real upstream: a second tenant of the same server is the OpenID
 * provider (its own sign-in pages, keys and tokens), reached through the generic OIDC connector, and through the
 * generic OAuth 2.0 connector with its user info endpoint. Sign-up with a new identity, sign-in with it again,
 * linking to the account whose address the provider verified, and the attacks on the way back: a forged, replayed
 * or foreign state, and an ID token signed by other keys or naming another issuer.
 */
import { describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { Browser } from './http-browser.js';
import { CALLBACK, PASSWORD } from './sign-in-pages-steps.js';
import { CONNECTOR, LINK_PAGE, OAUTH, useSocialUpstream } from './social-upstream-steps.js';
import { createUser } from './users.js';

describe.each(databases())('social sign-in against another tenant on $name', (target) => {
  const { pages, upstream, issuer, oidcConfig, upstreamUser, signInUpstream, reachedApp, holderOf } =
    useSocialUpstream(target);

  it('signs up with a new identity from the upstream provider, then signs in with it again', async () => {
    const person = await upstreamUser();
    const first = await pages.open('');
    expect(first.page.text).toContain('Continue with Acme');
    const before = await pages.countUsers('default');
    reachedApp(await signInUpstream(first.browser, first.page.url, person.username));
    expect(await pages.countUsers('default')).toBe(before + 1);
    const [holder] = await holderOf(person.id);
    expect(holder?.email).toBe(person.email);

    const again = await pages.open('', { prompt: 'login' });
    reachedApp(await signInUpstream(again.browser, again.page.url, person.username));
    expect(await pages.countUsers('default')).toBe(before + 1);
    const identity = await pages.api('', 'GET', `/users/${holder?.id}/identities/acme`);
    expect(identity.json()).toMatchObject({ identity: { userId: person.id } });
  });

  it('never links by an address the provider does not vouch for (OAuth 2.0 without a verified flag)', async () => {
    const email = `${unique('unverified_')}@example.com`;
    const local = await createUser(pages.db(), 'default', {
      username: unique('local_'),
      primaryEmail: email,
      password: PASSWORD,
    });
    const person = await upstreamUser(email);
    const oauth = await pages.api('', 'POST', '/connectors', {
      id: OAUTH,
      connectorId: 'oauth2',
      metadata: { target: 'acme-oauth', name: { en: 'Acme OAuth' } },
      config: {
        ...upstream,
        authorizationEndpoint: `${issuer()}/auth`,
        tokenEndpoint: `${issuer()}/token`,
        userInfoEndpoint: `${issuer()}/me`,
        scope: 'openid profile email',
        tokenEndpointAuthMethod: 'client_secret_basic',
        profileMap: { id: 'sub', email: 'email', name: 'name' },
      },
    });
    expect(oauth.status, oauth.text).toBe(200);
    await pages.patch('', { socialSignInConnectorTargets: ['acme-oauth'] });
    const { browser, page } = await pages.open('');
    expect(page.text).toContain('Continue with Acme OAuth');
    reachedApp(await signInUpstream(browser, page.url, person.username, OAUTH));
    const rows = await holderOf(person.id, 'acme-oauth');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(local.id);
    expect(rows[0]?.email).toBeNull();
  });

  it('refuses a forged state, a replayed answer and an answer meant for another interaction', async () => {
    const person = await upstreamUser();
    const victim = await pages.open('');
    const go = await victim.browser.post(`${victim.page.url}/social/${CONNECTOR}`, {});
    const uid = victim.page.url.split('/').pop() as string;
    const forged = await victim.browser.follow(
      `${pages.origin()}/callback/social/${CONNECTOR}?code=stolen&state=${uid}.not-the-state`,
    );
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('could not be matched to this page');

    // An attacker's own finished upstream sign-in (its code and state) sent to another browser's interaction.
    const attacker = await pages.open('');
    const attackerGo = await attacker.browser.post(`${attacker.page.url}/social/${CONNECTOR}`, {});
    const login = await attacker.browser.follow(attackerGo.location as string);
    const signedIn = await attacker.browser.post(`${login.url}/sign-in`, {
      identifier: person.username,
      password: PASSWORD,
    });
    const resumed = await attacker.browser.follow(signedIn.location as string, `${pages.origin()}/callback/social/`);
    const answer = new URL(resumed.location as string);
    const planted = await victim.browser.follow(
      `${pages.origin()}/callback/social/${CONNECTOR}?code=${answer.searchParams.get('code')}&state=${uid}.${String(answer.searchParams.get('state')).split('.')[1]}`,
    );
    expect(planted.status).toBe(400);
    expect(go.status).toBe(303);

    // The attacker's own browser finishes once; the same answer again finds the state spent.
    reachedApp(await attacker.browser.follow(answer.toString(), CALLBACK));
    const replayed = await attacker.browser.follow(answer.toString(), CALLBACK);
    expect(replayed.location?.startsWith(CALLBACK)).not.toBe(true);
    expect(await holderOf(person.id)).toHaveLength(1);
  });

  it('refuses an ID token signed by other keys, or naming another issuer', async () => {
    const person = await upstreamUser();
    for (const config of [
      oidcConfig({ idTokenVerificationConfig: { jwksUri: `${pages.origin()}/oidc/jwks`, issuer: issuer() } }),
      oidcConfig({ idTokenVerificationConfig: { jwksUri: `${issuer()}/jwks`, issuer: `${pages.origin()}/oidc` } }),
    ]) {
      const patched = await pages.api('', 'PATCH', `/connectors/${CONNECTOR}`, { config });
      expect(patched.status, patched.text).toBe(200);
      const { browser, page } = await pages.open('');
      const refused = await signInUpstream(browser, page.url, person.username);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('answer could not be verified. Try again.');
    }
    expect(await holderOf(person.id)).toHaveLength(0);
  });

  it('links an identity through the Management API from the code the provider sent to the caller’s own page', async () => {
    const person = await upstreamUser();
    const local = await createUser(pages.db(), 'default', { username: unique('linker_'), password: PASSWORD });
    const uri = await pages.api('', 'POST', `/connectors/${CONNECTOR}/authorization-uri`, {
      state: 'link-st4te',
      redirectUri: LINK_PAGE,
    });
    expect(uri.status, uri.text).toBe(200);
    const browser = new Browser();
    const login = await browser.follow(uri.json().redirectTo);
    const signedIn = await browser.post(`${login.url}/sign-in`, { identifier: person.username, password: PASSWORD });
    const back = await browser.follow(signedIn.location as string, LINK_PAGE);
    const answer = new URL(back.location as string);
    expect(answer.searchParams.get('state')).toBe('link-st4te');
    const connectorData = { code: answer.searchParams.get('code'), redirectUri: LINK_PAGE };
    const linked = await pages.api('', 'POST', `/users/${local.id}/identities`, {
      connectorId: CONNECTOR,
      connectorData,
    });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.json()).toMatchObject({ acme: { userId: person.id } });
    // The code is spent: the same data again is refused, and changes nothing.
    const again = await pages.api('', 'POST', `/users/${local.id}/identities`, {
      connectorId: CONNECTOR,
      connectorData,
    });
    expect(again.status).toBe(400);
    const missing = await pages.api('', 'POST', `/users/${local.id}/identities`, {
      connectorId: CONNECTOR,
      connectorData: { redirectUri: LINK_PAGE },
    });
    expect(missing.status).toBe(400);
    expect(missing.json().code).toBe('session.insufficient_info');
    expect((await holderOf(person.id)).map((row) => row.id)).toEqual([local.id]);
  });

  it('refreshes the name from the provider at each sign-in where the connector syncs profiles', async () => {
    const person = await upstreamUser();
    await pages.db().query(`UPDATE users SET name = 'Grace' WHERE tenant_id = 'acme' AND id = $1`, [person.id]);
    const first = await pages.open('');
    reachedApp(await signInUpstream(first.browser, first.page.url, person.username));
    const [holder] = await holderOf(person.id);
    const nameOf = async () =>
      (await pages.db().query<{ name: string }>(`SELECT name FROM users WHERE id = $1`, [holder?.id])).rows[0]?.name;
    expect(await nameOf()).toBe('Grace');
    await pages.db().query(`UPDATE users SET name = 'Grace Hopper' WHERE tenant_id = 'acme' AND id = $1`, [person.id]);
    const unsynced = await pages.open('', { prompt: 'login' });
    reachedApp(await signInUpstream(unsynced.browser, unsynced.page.url, person.username));
    expect(await nameOf()).toBe('Grace');
    const patched = await pages.api('', 'PATCH', `/connectors/${CONNECTOR}`, { syncProfile: true });
    expect(patched.status, patched.text).toBe(200);
    const synced = await pages.open('', { prompt: 'login' });
    reachedApp(await signInUpstream(synced.browser, synced.page.url, person.username));
    expect(await nameOf()).toBe('Grace Hopper');
  });

  it('makes one account of two first sign-ins racing with the same new identity', async () => {
    // No email: nothing but the identity tells the two new accounts apart.
    const username = unique('noemail_');
    const person = { ...(await createUser(pages.db(), 'acme', { username, password: PASSWORD })), username };
    const before = await pages.countUsers('default');
    /** A browser through the upstream's sign-in, stopped where the provider sends it back. */
    const answered = async () => {
      const { browser, page } = await pages.open('');
      const go = await browser.post(`${page.url}/social/${CONNECTOR}`, {});
      const login = await browser.follow(go.location as string);
      const signedIn = await browser.post(`${login.url}/sign-in`, { identifier: person.username, password: PASSWORD });
      const back = await browser.follow(signedIn.location as string, `${pages.origin()}/callback/social/`);
      return { browser, answer: back.location as string };
    };
    const [one, two] = [await answered(), await answered()];
    const finished = await Promise.all([one, two].map(({ browser, answer }) => browser.follow(answer, CALLBACK)));
    for (const done of finished) reachedApp(done);
    expect(await pages.countUsers('default')).toBe(before + 1);
    expect(await holderOf(person.id)).toHaveLength(1);
  });
});
