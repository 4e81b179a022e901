/**
 * A new social identity whose verified email names an existing account (Logto's social link page): by default the
 * user chooses between linking it to that account (which then signs in) and making a new account without the
 * address; where the tenant turns on `socialSignIn.automaticAccountLinking` the identity links at once. A suspended
 * account neither links nor signs in.
 */
import { describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { CALLBACK, PASSWORD } from './sign-in-pages-steps.js';
import { useSocialUpstream } from './social-upstream-steps.js';
import { createUser } from './users.js';

describe.each(databases())('linking a social identity to an existing account on $name', (target) => {
  const { pages, upstreamUser, signInUpstream, reachedApp, holderOf } = useSocialUpstream(target);

  /** An account here and a person upstream with the same email address. */
  const sameEmail = async () => {
    const email = `${unique('both_')}@example.com`;
    const local = await createUser(pages.db(), 'default', {
      username: unique('local_'),
      primaryEmail: email,
      password: PASSWORD,
    });
    return { local, person: await upstreamUser(email) };
  };

  /** Through the upstream's sign-in and back, to the link page. */
  const toLinkPage = async (username: string) => {
    const { browser, page } = await pages.open('');
    const linkUrl = `${page.url}/social/link`;
    const back = await signInUpstream(browser, page.url, username, undefined, linkUrl);
    expect(back.status, back.text.slice(0, 300)).toBe(303);
    const shown = await browser.get(linkUrl);
    return { browser, linkUrl, shown };
  };

  it('asks before linking, then links the identity to the account and signs it in', async () => {
    const { local, person } = await sameEmail();
    const before = await pages.countUsers('default');
    const { browser, linkUrl, shown } = await toLinkPage(person.username);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`An account with ${person.email} already exists.`);
    expect(shown.text).toContain('Create a new account instead');
    expect(await holderOf(person.id)).toEqual([]);

    const linked = await browser.post(linkUrl, {});
    reachedApp(await browser.follow(linked.location as string, CALLBACK));
    expect(await pages.countUsers('default')).toBe(before);
    expect((await holderOf(person.id)).map((row) => row.id)).toEqual([local.id]);
    // The decision is spent with the interaction: posting it again links nothing more.
    expect((await browser.post(linkUrl, {})).status).toBe(400);
    expect(await holderOf(person.id)).toHaveLength(1);
  });

  it('makes a new account without the address when the user declines', async () => {
    const { local, person } = await sameEmail();
    const before = await pages.countUsers('default');
    const { browser, linkUrl } = await toLinkPage(person.username);
    const made = await browser.post(`${linkUrl}/new`, {});
    reachedApp(await browser.follow(made.location as string, CALLBACK));
    expect(await pages.countUsers('default')).toBe(before + 1);
    const [holder] = await holderOf(person.id);
    expect(holder?.id).not.toBe(local.id);
    expect(holder?.email).toBeNull();
  });

  it('links at once where the tenant links accounts automatically', async () => {
    await pages.patch('', { socialSignIn: { automaticAccountLinking: true } });
    const { local, person } = await sameEmail();
    const { browser, page } = await pages.open('');
    reachedApp(await signInUpstream(browser, page.url, person.username));
    expect((await holderOf(person.id)).map((row) => row.id)).toEqual([local.id]);
  });

  it('neither links nor signs in a suspended account', async () => {
    const { local, person } = await sameEmail();
    const suspended = await pages.api('', 'PATCH', `/users/${local.id}/is-suspended`, { isSuspended: true });
    expect(suspended.status, suspended.text).toBe(200);
    const { browser, page } = await pages.open('');
    const refused = await signInUpstream(browser, page.url, person.username);
    expect(refused.status).toBe(403);
    expect(await holderOf(person.id)).toEqual([]);
  });
});
