/**
 * Enterprise single sign-on by OpenID Connect on the sign-in pages, against a second tenant of the same server as the
 * identity provider. The email's domain names the connector (from the password form or the "Single sign-on" page); a
 * first sign-on registers the user (joined just in time to the connector's organizations), the next signs the same
 * user in, and an account of the same email takes the identity. Refused: an email outside the connector's domains, a
 * forged state, a replayed callback.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretVault } from '../../src/server/secrets/vault.js';
import { databases, unique } from './harness.js';
import { CALLBACK, PASSWORD } from './sign-in-pages-steps.js';
import { DOMAIN, useSsoSignOn } from './sso-sign-in-steps.js';
import { createUser } from './users.js';

const vault = new SecretVault(randomBytes(32));

describe.each(databases())('enterprise single sign-on by OpenID Connect on $name', (target) => {
  const { pages, issuer, ids, upstreamUser, reachedApp, identitiesOf, userByEmail, signOnOidc } = useSsoSignOn(
    target,
    () => ({ vault }),
  );

  it('keeps the provider’s tokens where the connector stores them, told by includeTokenSecret', async () => {
    const stored = await pages.api('', 'PATCH', `/sso-connectors/${ids.oidc}`, { enableTokenStorage: true });
    expect(stored.status, stored.text).toBe(200);
    const person = await upstreamUser(`${unique('tok_')}@${DOMAIN}`);
    const { browser, page } = await pages.open('');
    reachedApp(await signOnOidc(browser, page.url, person));
    const [user] = await userByEmail(person.email);
    const identity = await pages.api('', 'GET', `/users/${user?.id}/sso-identities/${ids.oidc}?includeTokenSecret=1`);
    expect(identity.json().tokenSecret).toMatchObject({
      userId: user?.id,
      type: 'federated_token_set',
      ssoConnectorId: ids.oidc,
      issuer: issuer(),
      identityId: person.id,
      metadata: { tokenType: 'Bearer', hasRefreshToken: false },
    });
    expect(identity.json().tokenSecret).not.toHaveProperty('ciphertext');
    const all = await pages.api('', 'GET', `/users/${user?.id}/all-identities?includeTokenSecret=true`);
    expect(all.json().ssoIdentities[0].tokenSecret.id).toBe(identity.json().tokenSecret.id);
    const off = await pages.api('', 'PATCH', `/sso-connectors/${ids.oidc}`, { enableTokenStorage: false });
    expect(off.status, off.text).toBe(200);
  });

  it('registers a first sign-on by email domain with OIDC, joins the connector’s organization, then signs in again', async () => {
    const organization = await pages.api('', 'POST', '/organizations', { name: unique('Corp org ') });
    const orgId = organization.json().id;
    const jit = await pages.api('', 'POST', `/organizations/${orgId}/jit/sso-connectors`, {
      ssoConnectorIds: [ids.oidc],
    });
    expect(jit.status, jit.text).toBe(201);
    const person = await upstreamUser(`${unique('ann_')}@${DOMAIN}`);
    const first = await pages.open('');
    expect(first.page.text).toContain('Single sign-on');
    reachedApp(await signOnOidc(first.browser, first.page.url, person));
    const [user] = await userByEmail(person.email);
    expect(user).toBeDefined();
    expect(await identitiesOf(user?.id ?? '')).toEqual([{ sso_connector_id: ids.oidc, identity_id: person.id }]);
    const members = await pages.api('', 'GET', `/organizations/${orgId}/users`);
    expect(members.json().map((member: { id: string }) => member.id)).toEqual([user?.id]);
    const withIdentities = await pages.api('', 'GET', `/users/${user?.id}?includeSsoIdentities=true`);
    expect(withIdentities.json().ssoIdentities).toMatchObject([
      { ssoConnectorId: ids.oidc, identityId: person.id, issuer: issuer() },
    ]);

    const before = await pages.countUsers('default');
    const again = await pages.open('', { prompt: 'login' });
    reachedApp(await signOnOidc(again.browser, again.page.url, person));
    expect(await pages.countUsers('default')).toBe(before);
  });

  it('asks no MFA of a single sign-on, where the tenant makes it mandatory for everyone else', async () => {
    await pages.patch('', { mfa: { factors: ['Totp'], policy: 'Mandatory' } });
    const person = await upstreamUser(`${unique('mfa_')}@${DOMAIN}`);
    const { browser, page } = await pages.open('');
    reachedApp(await signOnOidc(browser, page.url, person));
    const again = await pages.open('', { prompt: 'login' });
    reachedApp(await signOnOidc(again.browser, again.page.url, person));
  });

  it('gives the identity to the account of the same email, and refuses an email outside the connector’s domains', async () => {
    const email = `${unique('bob_')}@${DOMAIN}`;
    const local = await createUser(pages.db(), 'default', {
      username: unique('bob_'),
      primaryEmail: email,
      password: PASSWORD,
    });
    const person = await upstreamUser(email);
    const { browser, page } = await pages.open('');
    reachedApp(await signOnOidc(browser, page.url, person));
    expect((await identitiesOf(local.id)).map((row) => row.identity_id)).toEqual([person.id]);

    // The provider vouches for an address of another domain: it may neither take nor make that account.
    const stranger = await upstreamUser(`${unique('eve_')}@elsewhere.test`);
    await createUser(pages.db(), 'default', {
      username: unique('eve_'),
      primaryEmail: stranger.email,
      password: PASSWORD,
    });
    const before = await pages.countUsers('default');
    const other = await pages.open('');
    const go = await other.browser.post(`${other.page.url}/sso`, { email: `someone@${DOMAIN}` });
    const login = await other.browser.follow(go.location as string);
    const signedIn = await other.browser.post(`${login.url}/sign-in`, {
      identifier: stranger.username,
      password: PASSWORD,
    });
    const refused = await other.browser.follow(signedIn.location as string, CALLBACK);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('did not vouch for an email address of its own domains');
    expect(await pages.countUsers('default')).toBe(before);
  });

  it('refuses a forged state, a replayed callback and a redirect target slipped into the way back', async () => {
    const person = await upstreamUser(`${unique('cy_')}@${DOMAIN}`);
    const { browser, page } = await pages.open('');
    const go = await browser.post(`${page.url}/sso`, { email: person.email });
    const login = await browser.follow(go.location as string);
    const signedIn = await browser.post(`${login.url}/sign-in`, { identifier: person.username, password: PASSWORD });
    // The way back: to the connector's fixed URL, which hands the answer to the interaction's callback.
    const fixed = await browser.follow(signedIn.location as string, `${pages.origin()}/callback/sso/`);
    // A redirect target slipped into the way back goes nowhere: the answer stays on the tenant's own pages.
    const sneaky = new URL(fixed.location as string);
    sneaky.searchParams.set('redirect_uri', 'https://evil.test/steal');
    const back = await browser.get(sneaky.toString());
    expect(new URL(back.location as string).origin).toBe(pages.origin());
    expect(back.location).not.toContain('evil.test');
    expect(back.location, back.text).toMatch(/\/interaction\/[\w-]+\/sso\/corp-oidc\/callback\?/);
    const forged = new URL(back.location as string);
    forged.searchParams.set('state', `${forged.searchParams.get('state')?.split('.')[0]}.forged`);
    const forgedAnswer = await browser.get(forged.toString());
    expect(forgedAnswer.status, `${forged} ${forgedAnswer.location}`).toBe(400);
    // The real answer still signs in, once: the same callback again finds no sign-on under way.
    reachedApp(await browser.follow(back.location as string, CALLBACK));
    const replay = await browser.get(back.location as string);
    expect(replay.status).toBe(400);
  });

  /** The SSO page with the email, to the test IdP's sign-in URL; the AuthnRequest's ID and RelayState. */
});
