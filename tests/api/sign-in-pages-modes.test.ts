/**
 * A tenant's sign-in page follows its sign-in experience: sign-in mode, identifiers, terms agreement and the
 * authorization request's `first_screen`, `interaction_mode`, `login_hint` and `direct_sign_in`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { databases } from './harness.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { createUser } from './users.js';

const register = { password: PASSWORD, passwordConfirm: PASSWORD };
const terms = { termsOfUseUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy' };

describe.each(databases())('a tenant’s sign-in modes on $name', (target) => {
  const pages = useSignInPages(target);
  beforeEach(() => pages.reset());

  it('registers a new account where sign-up is open, and signs it in', async () => {
    const { page, post } = await pages.open('', { first_screen: 'register' });
    expect(page.text).toContain('<h1>Create account</h1>');
    expect(page.text).not.toContain('becomes the administrator');
    const before = await pages.countUsers('default');
    const created = await post('/register', { username: 'newcomer', ...register });
    expect(created.status, created.text).toBe(303);
    expect(await pages.countUsers('default')).toBe(before + 1);
    const again = await pages.open('');
    const signedIn = await again.post('/sign-in', { identifier: 'newcomer', password: PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(303);
  });

  it('refuses sign-up, page and form, when the mode is SignIn', async () => {
    await pages.patch('', { signInMode: 'SignIn' });
    const { page, postTo } = await pages.open('', { first_screen: 'register' });
    expect(page.text).toContain('Registration is closed.');
    expect(page.text).not.toContain('name="passwordConfirm"');
    expect(page.text).not.toContain('Create account</a>');
    const before = await pages.countUsers('default');
    const refused = await postTo('/register', { username: 'intruder', ...register });
    expect(refused.status).toBe(403);
    expect(await pages.countUsers('default')).toBe(before);
    // interaction_mode=signUp asks for the same and gets the same answer.
    expect((await pages.open('', { interaction_mode: 'signUp' })).page.text).toContain('Registration is closed.');
  });

  it('shows registration alone when the mode is Register, and refuses signing in', async () => {
    await pages.patch('', { signInMode: 'Register' });
    const { page, postTo } = await pages.open('');
    expect(page.text).toContain('<h1>Create account</h1>');
    expect(page.text).not.toContain('Already have an account?');
    const refused = await postTo('/sign-in', { identifier: 'anyone', password: PASSWORD });
    expect(refused.status).toBe(403);
  });

  it('signs in with the identifiers of the sign-in methods only', async () => {
    await createUser(pages.db(), 'default', { username: 'ada', primaryEmail: 'ada@example.com', password: PASSWORD });
    const { page, post } = await pages.open('');
    expect(page.text).toContain('<label for="identifier">Username</label>');
    const byEmail = await post('/sign-in', { identifier: 'ada@example.com', password: PASSWORD });
    expect(byEmail.status).toBe(400);
    expect(byEmail.text).toContain('This kind of sign-in is not enabled.');
    await pages.patch('', {
      signIn: {
        methods: ['username', 'email'].map((identifier) => ({
          identifier,
          password: true,
          verificationCode: false,
          isPasswordPrimary: true,
        })),
      },
    });
    const both = await pages.open('');
    expect(both.page.text).toContain('<label for="identifier">Username or email</label>');
    const accepted = await both.post('/sign-in', { identifier: 'ada@example.com', password: PASSWORD });
    expect(accepted.status, accepted.text).toBe(303);
  });

  it('labels and types the identifier field by the identifiers that sign in, in English and German', async () => {
    const methods = (...identifiers: string[]) => ({
      signIn: {
        methods: identifiers.map((identifier) => ({
          identifier,
          password: true,
          verificationCode: false,
          isPasswordPrimary: true,
        })),
      },
    });
    /** The identifier field's label and its input's attributes, as a browser would read them. */
    const field = (html: string) => {
      const label = html.match(/<label for="identifier">([^<]*)<\/label>/)?.[1];
      const tag = html.match(/<input id="identifier"[^>]*>/)?.[0] ?? '';
      const attribute = (name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1];
      return {
        label,
        type: attribute('type'),
        inputmode: attribute('inputmode'),
        autocomplete: attribute('autocomplete'),
      };
    };
    const cases = [
      [['email'], 'Email', 'E-Mail', { type: 'email', inputmode: 'email', autocomplete: 'email' }],
      [['phone'], 'Phone number', 'Telefonnummer', { type: 'tel', inputmode: 'numeric', autocomplete: 'tel' }],
      [
        ['username', 'email'],
        'Username or email',
        'Benutzername oder E-Mail',
        { type: 'text', inputmode: undefined, autocomplete: 'username' },
      ],
      [
        ['email', 'phone'],
        'Email or phone number',
        'E-Mail oder Telefonnummer',
        { type: 'text', inputmode: undefined, autocomplete: 'email' },
      ],
      [
        ['username', 'email', 'phone'],
        'Username, email or phone number',
        'Benutzername, E-Mail oder Telefonnummer',
        { type: 'text', inputmode: undefined, autocomplete: 'username' },
      ],
    ] as const;
    for (const [identifiers, english, german, input] of cases) {
      await pages.patch('', methods(...identifiers));
      expect(field((await pages.open('')).page.text), identifiers.join()).toEqual({ label: english, ...input });
      expect(field((await pages.open('', {}, 'de')).page.text), identifiers.join()).toEqual({
        label: german,
        ...input,
      });
    }
  });

  it('registers accounts whose email must be verified only after its code: the form alone creates none', async () => {
    // Stored as a tenant with an email sender could store it (the API asks for one).
    await pages.api('', 'GET', '/sign-in-exp');
    await pages
      .db()
      .query(
        `UPDATE sign_in_experiences SET sign_up = '{"identifiers":["email"],"password":true,"verify":true}' WHERE tenant_id = 'default'`,
      );
    const { browser, page } = await pages.open('');
    const first = await browser.get(`${page.url}/register`);
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/\/code\?register=1$/);
    const before = await pages.countUsers('default');
    const refused = await browser.post(`${page.url}/register`, { email: 'grace@example.com', ...register });
    expect(refused.status).toBe(303);
    expect(refused.location).toMatch(/\/code\?register=1$/);
    expect(await pages.countUsers('default')).toBe(before);
  });

  it('asks for the terms as the policy says, and refuses a form that did not tick them', async () => {
    await pages.patch('', { ...terms, agreeToTermsPolicy: 'Automatic' });
    const automatic = await pages.open('');
    expect(automatic.page.text).toContain('By signing in, you agree to the');
    expect(automatic.page.text).toContain(
      '<a href="https://example.com/terms" rel="noopener noreferrer">Terms of use</a>',
    );
    expect(automatic.page.text).not.toContain('name="agreeToTerms"');

    await pages.patch('', { agreeToTermsPolicy: 'ManualRegistrationOnly' });
    expect((await pages.open('')).page.text).not.toContain('name="agreeToTerms"');
    const registration = await pages.open('', { first_screen: 'register' });
    expect(registration.page.text).toContain('name="agreeToTerms"');
    const before = await pages.countUsers('default');
    const unticked = await registration.post('/register', { username: 'unticked', ...register });
    expect(unticked.status).toBe(400);
    expect(unticked.text).toContain('Agree to the terms to continue.');
    expect(await pages.countUsers('default')).toBe(before);
    const ticked = await registration.post('/register', { username: 'ticked', ...register, agreeToTerms: 'true' });
    expect(ticked.status, ticked.text).toBe(303);

    await pages.patch('', { agreeToTermsPolicy: 'Manual' });
    const signIn = await pages.open('');
    expect(signIn.page.text).toContain('name="agreeToTerms"');
    const refused = await signIn.post('/sign-in', { identifier: 'ticked', password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Agree to the terms to continue.');
    const accepted = await signIn.post('/sign-in', { identifier: 'ticked', password: PASSWORD, agreeToTerms: 'true' });
    expect(accepted.status, accepted.text).toBe(303);
  });

  it('honours first_screen over interaction_mode, login_hint, and falls back from direct_sign_in', async () => {
    expect((await pages.open('', { first_screen: 'sign_in', interaction_mode: 'signUp' })).page.text).toContain(
      '<h1>Sign in</h1>',
    );
    expect((await pages.open('', { first_screen: 'identifier:register' })).page.text).toContain(
      '<h1>Create account</h1>',
    );
    const hinted = await pages.open('', { login_hint: 'ada' });
    expect(hinted.page.text).toContain('id="identifier" name="identifier" type="text" value="ada"');
    const hintedRegister = await pages.open('', { first_screen: 'register', login_hint: 'new_user' });
    expect(hintedRegister.page.text).toContain('id="username" name="username" type="text" value="new_user"');
    // No connectors: a direct sign-in shows the first screen, as Logto does for an unknown target.
    const direct = await pages.open('', { direct_sign_in: 'social:google', first_screen: 'register' });
    expect(direct.page.text).toContain('<h1>Create account</h1>');
  });
});
