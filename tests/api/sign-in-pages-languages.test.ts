/** A tenant's sign-in page speaks the language its settings pick, in the tenant's own words where it has them. */
import { beforeEach, describe, expect, it } from 'vitest';
import { databases } from './harness.js';
import { useSignInPages } from './sign-in-pages-steps.js';

describe.each(databases())('a tenant’s sign-in page languages on $name', (target) => {
  const pages = useSignInPages(target);
  beforeEach(() => pages.reset());

  it('detects the browser’s language, and shows the fallback language when it has none of the browser’s', async () => {
    await pages.patch('', { languageInfo: { autoDetect: true, fallbackLanguage: 'de' } });
    const german = (await pages.open('', {}, 'de-AT,de;q=0.9')).page;
    expect(german.text).toContain('<html lang="de" ');
    expect(german.text).toContain('<h1>Anmelden</h1>');
    const english = (await pages.open('', {}, 'en-GB')).page;
    expect(english.text).toContain('<h1>Sign in</h1>');
    const dutch = (await pages.open('', {}, 'nl')).page;
    expect(dutch.text).toContain('<html lang="de" ');
  });

  it("speaks the language the application asks for (ui_locales) first, then the browser's, in twenty languages", async () => {
    await pages.patch('', { languageInfo: { autoDetect: true, fallbackLanguage: 'en' } });
    const japanese = (await pages.open('', { ui_locales: 'ja' }, 'de-DE,de;q=0.9')).page;
    expect(japanese.text).toContain('<html lang="ja" ');
    expect(japanese.text).toContain('<h1>サインイン</h1>');
    expect(japanese.text).not.toContain('>Sign in<');
    // The first the pages speak, of those asked for; else the browser's.
    expect((await pages.open('', { ui_locales: 'nl-NL fr' }, 'en')).page.text).toContain('<html lang="fr" ');
    expect((await pages.open('', { ui_locales: 'nl' }, 'th-TH')).page.text).toContain('<html lang="th" ');
    // Asked for, it wins over a tenant that does not detect.
    await pages.patch('', { languageInfo: { autoDetect: false, fallbackLanguage: 'de' } });
    const persian = (await pages.open('', { ui_locales: 'fa-IR' }, 'en')).page;
    expect(persian.text).toContain('<html lang="fa-IR" dir="rtl"');
  });

  it('shows the fallback language to everyone when detection is off', async () => {
    await pages.patch('', { languageInfo: { autoDetect: false, fallbackLanguage: 'de' } });
    expect((await pages.open('', {}, 'en')).page.text).toContain('<h1>Anmelden</h1>');
    // Another tenant keeps detecting.
    expect((await pages.open('/t/acme', {}, 'en')).page.text).toContain('<h1>Sign in</h1>');
  });

  it('replaces built-in texts with the tenant’s custom phrases, and offers a language only they provide', async () => {
    const put = await pages.api('', 'PUT', '/custom-phrases/en', { sign_in: { title: 'Welcome back' } });
    expect(put.status, put.text).toBe(201);
    const dutch = await pages.api('', 'PUT', '/custom-phrases/nl', {
      sign_in: { title: 'Inloggen', subtitle: 'Log in bij {{client}}.' },
    });
    expect(dutch.status, dutch.text).toBe(201);
    const english = (await pages.open('', {}, 'en')).page;
    expect(english.text).toContain('<h1>Welcome back</h1>');
    expect(english.text).toContain('<label for="password">Password</label>');
    const inDutch = (await pages.open('', {}, 'nl-NL,nl;q=0.9')).page;
    expect(inDutch.text).toContain('<html lang="nl" ');
    expect(inDutch.text).toContain('<h1>Inloggen</h1>');
    expect(inDutch.text).toContain('Log in bij Partner portal.');
    // Phrases are the tenant's own: another tenant's page keeps the built-in texts.
    expect((await pages.open('/t/acme', {}, 'en')).page.text).toContain('<h1>Sign in</h1>');
  });

  it("takes custom phrases under Logto's phrase keys and shows them where the page shows those texts", async () => {
    const put = await pages.api('', 'PUT', '/custom-phrases/fr-CA', {
      input: { password: 'Mot de passe' },
      action: { sign_in: 'Se connecter', create_account: 'Créer un compte' },
      description: { sign_in_to_your_account: 'Connectez-vous à votre compte' },
      // A key of Logto's that these pages do not show is kept all the same.
      secondary: { social_bind_with: 'Déjà un compte ?' },
    });
    expect(put.status, put.text).toBe(201);
    const page = (await pages.open('', {}, 'fr-CA')).page;
    expect(page.text).toContain('<h1>Connectez-vous à votre compte</h1>');
    expect(page.text).toContain('<label for="password">Mot de passe</label>');
    expect(page.text).toMatch(/<button[^>]*type="submit"[^>]*>Se connecter<\/button>/);
    expect(page.text).toContain('Créer un compte');
    // A key neither the pages nor Logto have is still refused.
    const unknown = await pages.api('', 'PUT', '/custom-phrases/fr-CA', { action: { no_such_action: 'x' } });
    expect(unknown.status).toBe(422);
  });

  it('escapes custom phrases like every other text', async () => {
    await pages.api('', 'PUT', '/custom-phrases/en', { sign_in: { title: '<img src=x onerror=alert(1)>' } });
    const page = (await pages.open('', {}, 'en')).page;
    expect(page.text).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(page.text).not.toContain('<img src=x');
  });
});
