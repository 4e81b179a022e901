import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { registrationOptions, relyingParty } from '../../src/entities/user/server/account/webauthn';
import { generatedCatalog } from '../../src/server/catalog';
import { modelOf } from '../../src/server/crud/catalog';
import { chromePolicy, pageChrome } from '../../src/server/interaction/chrome';
import { pageExperience } from '../../src/server/interaction/experience';
import { signInMethodModules } from '../../src/server/interaction/methods/registry';
import { signInPage } from '../../src/server/interaction/views';
import { WEBAUTHN_SCRIPTS, webauthnBindPage, webauthnVerifyPage } from '../../src/server/interaction/webauthn-views';
import { translatorFor } from '../../src/server/locales';

/** jsdom's parser (the package ships no types; the test needs only `window.document`). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string) => { window: { document: Document } };
};
const parse = (markup: string) => new JSDOM(markup).window.document;

const rp = relyingParty('https://auth.example.com/oidc');
const hostile = { id: 'user-1', name: '</script><script>alert(1)</script>', username: 'ada' };

describe('the passkey pages', () => {
  it('hand the options to the browser as data, with the form, the field and the texts of the script', async () => {
    const options = await registrationOptions(hostile, [], rp);
    const tr = translatorFor('en');
    const page = webauthnBindPage(tr, { action: '/interaction/abc/mfa/webauthn', options });
    const document = parse(page);
    const scripts = [...document.querySelectorAll('script')];
    // The options block and the two served scripts; nothing inline runs.
    expect(scripts.map((script) => script.getAttribute('src') ?? script.type)).toEqual([
      ...WEBAUTHN_SCRIPTS,
      'application/json',
    ]);
    expect(JSON.parse(document.getElementById('webauthn-options')?.textContent ?? '')).toEqual(options);
    const form = document.querySelector('form');
    expect(form?.getAttribute('action')).toBe('/interaction/abc/mfa/webauthn');
    expect(form?.dataset).toMatchObject({
      webauthn: 'register',
      retry: 'Try again',
      cancelled: 'The passkey request was cancelled or timed out.',
    });
    expect(form?.querySelector('input[type="hidden"][name="response"]')).not.toBeNull();
    expect(form?.querySelector('button')?.textContent).toBe('Create a passkey');
    expect(document.querySelector('h1')?.textContent).toBe('Add a passkey');
  });

  it('verify in the visitor’s language, with the refusal shown', () => {
    const tr = translatorFor('de-DE');
    const page = webauthnVerifyPage(tr, { action: '/v', options: { challenge: 'abc' }, error: 'Nein' });
    const document = parse(page);
    expect(document.querySelector('form')?.dataset.webauthn).toBe('authenticate');
    expect(document.querySelector('button')?.textContent).toBe('Passkey verwenden');
    expect(document.querySelector('.alert[role="alert"]:not([hidden])')?.textContent).toBe('Nein');
  });

  it('run under a policy that allows scripts of this origin only, while the sign-in page has none', () => {
    const experience = pageExperience({}, modelOf(generatedCatalog(), 'signInExperience'));
    const chrome = pageChrome(experience);
    const policy = chromePolicy(chrome);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    const tr = translatorFor('en');
    const signIn = signInPage(tr, { base: '/s', clientName: 'App', experience, methods: signInMethodModules }, chrome);
    expect(signIn).not.toContain('<script');
  });
});
