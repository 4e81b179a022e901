/**
 * Signing up with a social identity where sign-up asks for more than the provider gives (Logto's profile
 * fulfilment): the registration form asks for the missing username without a password (the identity signs in
 * instead), an address the provider did not vouch for is verified by a code first, a taken username or an address
 * of another account is refused with nothing made, and two browsers completing the same identity make one account.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import type { Browser } from './http-browser.js';
import { CALLBACK, PASSWORD } from './sign-in-pages-steps.js';
import { type SmtpTestServer, smtpConfig, smtpTemplates, startSmtpServer } from './smtp-server.js';
import { CONNECTOR, useSocialUpstream } from './social-upstream-steps.js';
import { createUser } from './users.js';

describe.each(databases())('social sign-up completing the profile on $name', (target) => {
  const { pages, upstreamUser, signInUpstream, reachedApp, holderOf } = useSocialUpstream(target);
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());
  beforeEach(async () => {
    const mail = await pages.api('', 'POST', '/connectors', {
      connectorId: 'simple-mail-transfer-protocol',
      config: smtpConfig(smtp, { templates: smtpTemplates() }),
    });
    expect(mail.status, mail.text).toBe(200);
  });

  const signUpAsks = (identifiers: string[], verify = false) =>
    pages.patch('', { signUp: { identifiers, password: true, verify } });

  /** Through the upstream's sign-in and back, to the registration form the answer leads to. */
  const toRegistration = async (browser: Browser, pageUrl: string, username: string) => {
    const formUrl = `${pageUrl}/register`;
    const back = await signInUpstream(browser, pageUrl, username, CONNECTOR, formUrl);
    expect(back.status, back.text.match(/<main[\s\S]*/)?.[0]).toBe(303);
    expect(new URL(back.location as string, pageUrl).href).toBe(formUrl);
    return formUrl;
  };

  it('asks for the username sign-up requires, without a password, and gives the account the identity', async () => {
    await signUpAsks(['username']);
    const person = await upstreamUser();
    const taken = unique('taken_');
    await createUser(pages.db(), 'default', { username: taken, password: PASSWORD });
    const before = await pages.countUsers('default');
    const { browser, page } = await pages.open('');
    const formUrl = await toRegistration(browser, page.url, person.username);
    const form = await browser.get(formUrl);
    expect(form.text).toContain('Your account at the provider is verified.');
    expect(form.text).toContain('name="username"');
    expect(form.text).not.toContain('name="password"');
    expect(await pages.countUsers('default')).toBe(before);

    // A username another account has is refused, and nothing is made.
    const refused = await browser.post(formUrl, { username: taken });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('name="username"');
    expect(await pages.countUsers('default')).toBe(before);

    const username = unique('social_');
    const made = await browser.post(formUrl, { username });
    reachedApp(await browser.follow(made.location as string, CALLBACK));
    const [holder] = await holderOf(person.id);
    expect(holder).toMatchObject({ username, email: person.email });
    const { rows } = await pages
      .db()
      .query<{ password: string | null }>(`SELECT password_encrypted AS password FROM users WHERE id = $1`, [
        holder?.id,
      ]);
    expect(rows[0]?.password).toBeNull();

    // The identity signs in from then on, asking nothing.
    const again = await pages.open('', { prompt: 'login' });
    reachedApp(await signInUpstream(again.browser, again.page.url, person.username));
    expect(await pages.countUsers('default')).toBe(before + 1);
  });

  it('takes the email the provider vouches for, and asks nothing more when that is all sign-up needs', async () => {
    await signUpAsks(['email'], true);
    const person = await upstreamUser();
    const { browser, page } = await pages.open('');
    reachedApp(await signInUpstream(browser, page.url, person.username));
    expect(await holderOf(person.id)).toMatchObject([{ email: person.email }]);
  });

  it('verifies the email sign-up requires by a code where the provider gave none', async () => {
    await signUpAsks(['email'], true);
    const person = await upstreamUser(null);
    const { browser, page } = await pages.open('');
    const formUrl = await toRegistration(browser, page.url, person.username);
    const first = await browser.get(formUrl);
    expect(first.status).toBe(303);
    expect(new URL(first.location as string, page.url).href).toBe(`${page.url}/code?register=1`);

    // An address another account has does not take the identity, even verified.
    const other = `${unique('other_')}@example.com`;
    await createUser(pages.db(), 'default', { username: unique('other_'), primaryEmail: other, password: PASSWORD });
    const codeFor = async (address: string) => {
      const sent = await browser.post(`${page.url}/code?register=1`, { identifier: address, purpose: 'Register' });
      expect(sent.status, sent.text).toBe(303);
      const mail = await smtp.nextMessageTo(address);
      return browser.post(`${page.url}/code/verify`, { code: mail.text.match(/\b(\d{6})\b/)?.[1] ?? '' });
    };
    const refused = await codeFor(other);
    expect(refused.status).toBe(422);
    expect(await holderOf(person.id)).toHaveLength(0);

    const email = `${unique('verified_')}@example.com`;
    const verified = await codeFor(email);
    expect(new URL(verified.location as string, page.url).href).toBe(formUrl);
    const form = await browser.get(formUrl);
    expect(form.text).toContain(email);
    expect(form.text).not.toContain('name="password"');
    const made = await browser.post(formUrl, {});
    reachedApp(await browser.follow(made.location as string, CALLBACK));
    expect(await holderOf(person.id)).toMatchObject([{ email }]);
  });

  it('asks nothing where the tenant skips required identifiers for social sign-ups', async () => {
    await signUpAsks(['username', 'email'], true);
    await pages.patch('', { socialSignIn: { skipRequiredIdentifiers: true } });
    const person = await upstreamUser(null);
    const { browser, page } = await pages.open('');
    reachedApp(await signInUpstream(browser, page.url, person.username));
    expect(await holderOf(person.id)).toMatchObject([{ username: null, email: null }]);
  });

  it('makes one account of two browsers completing the same new identity at once', async () => {
    await signUpAsks(['username']);
    const person = await upstreamUser();
    const before = await pages.countUsers('default');
    const browsers = await Promise.all([pages.open(''), pages.open('')]);
    const forms: string[] = [];
    for (const { browser, page } of browsers) forms.push(await toRegistration(browser, page.url, person.username));
    const answers = await Promise.all(
      browsers.map(({ browser }, index) => browser.post(`${forms[index]}`, { username: unique('race_') })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect(answers.find((answer) => answer.status === 409)?.text).toContain('already linked to another account');
    expect(await pages.countUsers('default')).toBe(before + 1);
    expect(await holderOf(person.id)).toHaveLength(1);
  });
});
