/**
 * A tenant's sign-in page shows its sign-in experience: logo (the server's own by default), favicon, primary colors and dark mode, support links,
 * custom content and custom CSS under the response's nonce; and nothing of another tenant's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { databases } from './harness.js';
import { startServer } from './oidc-helpers.js';
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

  it('points the default branding at the server’s own logos, which it serves and the sign-in page shows', async () => {
    for (const tenant of ['', '/t/acme'] as const) {
      const { branding } = (await pages.api(tenant, 'GET', '/sign-in-exp')).json();
      expect(Object.keys(branding).sort(), tenant).toEqual(['darkLogoUrl', 'logoUrl']);
      for (const url of Object.values(branding) as string[]) {
        expect(new URL(url).origin, url).toBe(pages.origin());
        const logo = await fetch(url);
        expect(logo.status, url).toBe(200);
        expect(logo.headers.get('content-type'), url).toBe('image/svg+xml');
        expect(logo.headers.get('cache-control'), url).toMatch(/^public, max-age=[1-9]\d*$/);
        expect(await logo.text(), url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      }
      expect(branding.darkLogoUrl).not.toBe(branding.logoUrl);
      const { page } = await pages.open(tenant);
      const src = page.text.match(/<img class="logo" src="([^"]+)"/)?.[1];
      expect(src && new URL(src, pages.origin()).href, tenant).toBe(branding.logoUrl);
      expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data:;");
    }
  });

  it('gives tenants stored with Logto’s old default logos the server’s own, and keeps an administrator’s', async () => {
    // A record stored before the server had logos of its own: the table's defaults, Logto's logos on logto.io.
    await pages.db().query(`INSERT INTO sign_in_experiences (tenant_id) VALUES ('default')`);
    const { rows } = await pages
      .db()
      .query<{ branding: Record<string, string> }>(
        `SELECT branding FROM sign_in_experiences WHERE tenant_id = 'default'`,
      );
    expect(Object.values(rows[0]?.branding ?? {}).every((url) => url.startsWith('https://logto.io/'))).toBe(true);
    const read = (await pages.api('', 'GET', '/sign-in-exp')).json();
    expect(new URL(read.branding.logoUrl).origin).toBe(pages.origin());
    expect((await fetch(read.branding.logoUrl)).status).toBe(200);
    expect((await pages.open('')).page.text).not.toContain('logto.io');

    // Sent back as read (the console saves the whole branding), they stay the default: the same database served at
    // another public URL names the logos there.
    await pages.patch('', { branding: { ...read.branding, favicon: 'https://static.example.org/favicon.png' } });
    const moved = await startServer(pages.db());
    try {
      const answer = await fetch(`${moved.origin}/api/sign-in-exp`);
      const shown = ((await answer.json()) as { branding: Record<string, string> }).branding;
      expect(moved.origin).not.toBe(pages.origin());
      expect(shown).toEqual({
        logoUrl: read.branding.logoUrl.replace(pages.origin(), moved.origin),
        darkLogoUrl: read.branding.darkLogoUrl.replace(pages.origin(), moved.origin),
        favicon: 'https://static.example.org/favicon.png',
      });
      expect((await fetch(shown.logoUrl as string)).status).toBe(200);
    } finally {
      await moved.close();
    }

    // An administrator's own logos are theirs, on the API and on the page.
    await pages.patch('', { branding });
    expect((await pages.api('', 'GET', '/sign-in-exp')).json().branding).toEqual(branding);
    expect((await pages.open('')).page.text).toContain('<img class="logo" src="https://cdn.example.com/logo.svg"');
  });

  it('shows a change on the next page, without a restart', async () => {
    const before = (await pages.open('')).page;
    expect(before.text).not.toContain('cdn.example.com');
    await pages.patch('', { branding: { logoUrl: 'https://cdn.example.com/new.svg' } });
    const after = (await pages.open('')).page;
    expect(after.text).toContain('src="https://cdn.example.com/new.svg"');
  });
});
