/**
 * The sign-up page collects the tenant's custom profile fields: those the sign-in experience lists, in its order
 * (every field when it lists none), each checked by its type's rules, and stored in the new user's profile or
 * custom data.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { databases } from './harness.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';

const register = { password: PASSWORD, passwordConfirm: PASSWORD };

describe.each(databases())('custom profile fields on the sign-up page on $name', (target) => {
  const pages = useSignInPages(target);
  beforeEach(async () => {
    await pages.reset();
    await pages.db().exec("DELETE FROM custom_profile_fields; DELETE FROM users WHERE tenant_id = 'default';");
    for (const field of [
      { name: 'company', type: 'Text', label: 'Company', required: true, config: { maxLength: 40 } },
      { name: 'seats', type: 'Number', label: 'Seats', required: false, config: { minValue: 1, maxValue: 500 } },
      {
        name: 'plan',
        type: 'Select',
        label: 'Plan',
        required: true,
        config: {
          options: [
            { label: 'Free', value: 'free' },
            { label: 'Pro', value: 'pro' },
          ],
        },
      },
      { name: 'newsletter', type: 'Checkbox', label: 'Send me the newsletter', required: false },
      {
        name: 'fullname',
        type: 'Fullname',
        label: 'Full name',
        required: true,
        config: {
          parts: [
            { enabled: true, name: 'givenName', type: 'Text', label: 'Given name', required: true },
            { enabled: true, name: 'familyName', type: 'Text', label: 'Family name', required: true },
          ],
        },
      },
    ]) {
      const created = await pages.api('', 'POST', '/custom-profile-fields', field);
      expect(created.status, created.text).toBe(201);
    }
  });

  const profileOf = async (username: string) => {
    const { rows } = await pages
      .db()
      .query<{ profile: Record<string, unknown>; custom_data: Record<string, unknown> }>(
        `SELECT profile, custom_data FROM users WHERE tenant_id = 'default' AND username = $1`,
        [username],
      );
    return rows[0];
  };

  it('asks for every field when the sign-in experience lists none, and stores what the user gave', async () => {
    const { page, post } = await pages.open('', { first_screen: 'register' });
    for (const name of ['company', 'seats', 'plan', 'newsletter', 'fullname.givenName', 'fullname.familyName']) {
      expect(page.text).toContain(`name="profile.${name}"`);
    }
    expect(page.text).toContain('<option value="pro">Pro</option>');
    const created = await post('/register', {
      username: 'ada',
      ...register,
      'profile.company': 'Analytical Engines',
      'profile.seats': '12',
      'profile.plan': 'pro',
      'profile.newsletter': 'true',
      'profile.fullname.givenName': 'Ada',
      'profile.fullname.familyName': 'Lovelace',
    });
    expect(created.status, created.text).toBe(303);
    expect(await profileOf('ada')).toEqual({
      profile: { givenName: 'Ada', familyName: 'Lovelace' },
      custom_data: { company: 'Analytical Engines', seats: 12, plan: 'pro', newsletter: true },
    });
  });

  it('refuses values that break a field’s rules, names each on its field, and creates nobody', async () => {
    const { postTo } = await pages.open('', { first_screen: 'register' });
    const refused = await postTo('/register', {
      username: 'grace',
      ...register,
      'profile.company': 'x'.repeat(41),
      'profile.seats': '900',
      'profile.plan': 'enterprise',
      'profile.fullname.givenName': 'Grace',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Enter at most 40 characters.');
    expect(refused.text).toContain('Enter 500 or less.');
    expect(refused.text).toContain('Choose one of the options.');
    expect(refused.text).toContain('id="profile.fullname.familyName-errors"');
    // What was typed is shown again.
    expect(refused.text).toContain('value="Grace"');
    expect(await profileOf('grace')).toBeUndefined();
  });

  it('asks only for the fields the sign-in experience lists, in its order', async () => {
    await pages.patch('', { signUpProfileFields: [{ name: 'plan' }, { name: 'company' }] });
    const { page, post } = await pages.open('', { first_screen: 'register' });
    expect(page.text).not.toContain('name="profile.seats"');
    expect(page.text).not.toContain('name="profile.fullname.givenName"');
    expect(page.text.indexOf('name="profile.plan"')).toBeLessThan(page.text.indexOf('name="profile.company"'));
    const created = await post('/register', {
      username: 'linus',
      ...register,
      'profile.company': 'Kernel',
      'profile.plan': 'free',
    });
    expect(created.status, created.text).toBe(303);
    expect((await profileOf('linus'))?.custom_data).toEqual({ company: 'Kernel', plan: 'free' });
  });
});
