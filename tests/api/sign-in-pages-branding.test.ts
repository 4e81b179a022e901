/**
 * A tenant's sign-in page shows its sign-in experience: logo, favicon, primary colors and dark mode, support links,
 * custom content and custom CSS under the response's nonce; and nothing of another tenant's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { databases } from './harness.js';
import { styleNonce, styleOf, useSignInPages } from './sign-in-pages-steps.js';

const branding = {
  logoUrl: 'https://cdn.example.com/logo.svg',
  darkLogoUrl: 'https://cdn.example.com/logo-dark.svg',
  favicon: 'https://static.example.org/favicon.png',
};

describe.each(databases())('a tenant’s branded sign-in page on $name', (target) => {
  const pages = useSignInPages(target);
  beforeEach(() => pages.reset());

  it('shows the logo, favicon and primary colors, following the visitor’s scheme when dark mode is on', async () => {
    await pages.patch('', {
      color: { primaryColor: '#112233', isDarkModeEnabled: true, darkPrimaryColor: '#AABBCC' },
      branding,
    });
    const { page } = await pages.open('');
    expect(page.status).toBe(200);
    styleNonce(page);
    expect(page.text).toContain('data-theme="auto"');
    expect(page.text).toContain('<img class="logo" src="https://cdn.example.com/logo.svg"');
    expect(page.text).toContain(
      '<source srcset="https://cdn.example.com/logo-dark.svg" media="(prefers-color-scheme: dark)">',
    );
    expect(page.text).toContain('<link rel="icon" href="https://static.example.org/favicon.png">');
    const style = styleOf(page.text);
    expect(style).toContain(':root{--primary:#112233;--primary-surface:#112233;--primary-text:#ffffff;}');
    expect(style).toMatch(
      /prefers-color-scheme: dark\)\{:root\[data-theme="auto"\]\{--primary:#AABBCC;[^}]*--primary-text:#1f1f29;/,
    );
    // The logo's and favicon's origins, and only those, join the page's image sources.
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' data: https://cdn.example.com https://static.example.org;");
    expect(policy).toContain("script-src 'self';");
  });

  it('stays light without dark mode, whatever the visitor prefers', async () => {
    await pages.patch('', {
      color: { primaryColor: '#FFDD00', isDarkModeEnabled: false, darkPrimaryColor: '#000000' },
      branding,
    });
    const { page } = await pages.open('');
    expect(page.text).toContain('data-theme="light"');
    expect(page.text).not.toContain('logo-dark.svg');
    const style = styleOf(page.text);
    // A light primary color gets dark text on its buttons.
    expect(style).toContain('--primary:#FFDD00;--primary-surface:#FFDD00;--primary-text:#1f1f29;');
    expect(style).not.toContain('#000000');
  });

  it('shows the support links and the sign-in page’s custom content, with its markup sanitized', async () => {
    await pages.patch('', {
      supportEmail: 'help@example.com',
      supportWebsiteUrl: 'https://help.example.com/',
      customContent: {
        '/sign-in':
          '<p class="promo">Welcome to <strong>Acme</strong> <a href="https://acme.example.com/">home</a></p>',
        '/register': '<p>Register promo</p>',
      },
    });
    const { page } = await pages.open('');
    expect(page.text).toContain('<a href="mailto:help@example.com">Email support</a>');
    expect(page.text).toContain('<a href="https://help.example.com/" rel="noopener noreferrer">Support website</a>');
    expect(page.text).toContain(
      '<p class="promo">Welcome to <strong>Acme</strong> <a href="https://acme.example.com/" rel="noopener noreferrer">home</a></p>',
    );
    expect(page.text).not.toContain('Register promo');
  });

  it('keeps each tenant’s settings on its own pages', async () => {
    await pages.patch('', {
      color: { primaryColor: '#112233', isDarkModeEnabled: false, darkPrimaryColor: '#445566' },
      branding,
      supportEmail: 'help@example.com',
      customCss: '.card{border-radius:0}',
    });
    await pages.patch('/t/acme', {
      color: { primaryColor: '#0A7B3E', isDarkModeEnabled: false, darkPrimaryColor: '#445566' },
      branding: { logoUrl: 'https://acme.example.net/acme.png' },
    });
    const acme = (await pages.open('/t/acme')).page;
    expect(acme.status).toBe(200);
    expect(acme.text).toContain('https://acme.example.net/acme.png');
    expect(styleOf(acme.text)).toContain('--primary:#0A7B3E');
    for (const foreign of ['#112233', 'cdn.example.com', 'help@example.com', 'border-radius:0']) {
      expect(acme.text, foreign).not.toContain(foreign);
      expect(acme.headers.get('content-security-policy'), foreign).not.toContain(foreign);
    }
    const own = (await pages.open('')).page;
    expect(own.text).not.toContain('acme.example.net');
    expect(styleOf(own.text)).toContain('--primary:#112233');
  });

  it('shows a change on the next page, without a restart', async () => {
    const before = (await pages.open('')).page;
    expect(before.text).toContain('<p class="brand">Gatehouse</p>');
    await pages.patch('', { branding: { logoUrl: 'https://cdn.example.com/new.svg' } });
    const after = (await pages.open('')).page;
    expect(after.text).toContain('src="https://cdn.example.com/new.svg"');
  });
});
