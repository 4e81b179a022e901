/**
 * Hostile sign-in experience settings: custom CSS, custom content and every link. The API refuses what is not a
 * link; what reaches the page is sanitized, and the page runs no script, loads nothing remote but its images, and
 * styles only under its nonce. Also the console's preview of unsaved settings.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sanitizeCss } from '../../src/server/interaction/custom-css.js';
import { databases } from './harness.js';
import { hostileContent, hostileCss } from './hostile-settings.js';
import { styleNonce, styleOf, useSignInPages } from './sign-in-pages-steps.js';

describe('custom CSS sanitization', () => {
  it.each(hostileCss)('drops what loads, runs or breaks out: %s', (css, mustNotContain) => {
    const safe = sanitizeCss(`.kept{color:blue}${css}`);
    expect(safe).toContain('.kept{color:blue}');
    for (const text of mustNotContain) expect(safe.toLowerCase()).not.toContain(text.toLowerCase());
    expect(safe).not.toContain('<');
  });

  it('keeps plain rules, media queries and small raster data images', () => {
    const css =
      '@media (max-width:600px){.card{margin:0}}.logo{background:url(data:image/png;base64,iVBORw0KGgo=)}:root{--primary:#f00}';
    expect(sanitizeCss(css)).toBe(css);
  });
});

describe.each(databases())('hostile sign-in experience settings on $name', (target) => {
  const pages = useSignInPages(target);
  beforeEach(() => pages.reset());

  it('refuses links that are not http(s) and changes nothing', async () => {
    for (const body of [
      { branding: { logoUrl: 'javascript:alert(1)' } },
      { branding: { favicon: 'data:image/svg+xml,<svg onload=alert(1)>' } },
      { termsOfUseUrl: 'javascript:alert(1)' },
      { termsOfUseUrl: 'https://example.com/terms?a="><script>alert(1)</script>' },
      { privacyPolicyUrl: 'vbscript:msgbox(1)' },
      { supportWebsiteUrl: 'javascript://example.com/%0aalert(1)' },
      { supportEmail: '"><script>alert(1)</script>' },
      { color: { primaryColor: 'red;}</style><script>', isDarkModeEnabled: false, darkPrimaryColor: '#000000' } },
    ]) {
      const refused = await pages.api('', 'PATCH', '/sign-in-exp', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const page = (await pages.open('')).page;
    expect(page.text).not.toMatch(/javascript:|vbscript:|<script/i);
  });

  it('serves hostile CSS and content sanitized, under a nonce and a policy without unsafe-inline', async () => {
    await pages.patch('', {
      customCss: `.card{border-radius:0}${hostileCss.map(([css]) => css).join('\n')}`,
      customContent: { '/sign-in': `<p>Hello</p>${hostileContent}` },
    });
    const { page } = await pages.open('');
    styleNonce(page);
    const style = styleOf(page.text);
    expect(style).toContain('.card{border-radius:0}');
    expect(style).not.toMatch(/@import|evil|expression|behavior|binding|javascript|</i);
    expect(page.text).toContain('<p>Hello</p>');
    expect(page.text).not.toMatch(
      /<script|onerror|onload|javascript:|<iframe|<svg|<object|<form action="https:\/\/evil|style=|evil\.example/i,
    );
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('evil');
  });

  describe('the preview of unsaved settings', () => {
    it('renders the page with the body’s settings, stores nothing, and leaves its forms inert', async () => {
      const preview = await pages.api('', 'POST', '/sign-in-exp/preview', {
        signInExperience: {
          color: { primaryColor: '#123456', isDarkModeEnabled: true, darkPrimaryColor: '#ABCDEF' },
          branding: { logoUrl: 'https://cdn.example.com/preview.svg', darkLogoUrl: 'https://cdn.example.com/dark.svg' },
          customCss: '.card{border-radius:2px}@import "https://evil.example/x.css";',
        },
        page: 'register',
        mode: 'dark',
        language: 'de',
        nonce: 'Q29uc29sZU5vbmNlMTIzNDU2',
      });
      expect(preview.status, preview.text).toBe(200);
      expect(preview.headers.get('content-type')).toContain('text/html');
      expect(preview.text).toContain('<html lang="de" dir="ltr" data-theme="dark">');
      expect(preview.text).toContain('<h1>Konto erstellen</h1>');
      expect(preview.text).toContain('<style nonce="Q29uc29sZU5vbmNlMTIzNDU2">');
      expect(preview.text).toContain('src="https://cdn.example.com/dark.svg"');
      expect(styleOf(preview.text)).toContain('--primary:#ABCDEF');
      expect(styleOf(preview.text)).not.toContain('evil');
      expect(preview.text).toContain('<form novalidate>');
      expect(preview.text).not.toContain('action=');
      const stored = (await pages.api('', 'GET', '/sign-in-exp')).json();
      expect(stored.color.primaryColor).not.toBe('#123456');
    });

    it('is documented with its body and its HTML answer, as a declared action of the sign-in experience', async () => {
      const document = (await pages.api('', 'GET', '/swagger.json')).json();
      const operation = document.paths['/api/sign-in-exp/preview']?.post;
      expect(operation.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/SignInExperiencePreviewBody',
      });
      const body = document.components.schemas.SignInExperiencePreviewBody;
      expect(Object.keys(body.properties)).toEqual(['signInExperience', 'page', 'mode', 'language', 'nonce']);
      expect(body.properties.signInExperience.properties).toHaveProperty('color');
      expect(operation.responses['200'].content).toEqual({ 'text/html': { schema: { type: 'string' } } });
    });

    it('refuses a body that is not a sign-in experience, or a page, mode, language or nonce it does not know', async () => {
      for (const body of [
        { signInExperience: { branding: { logoUrl: 'javascript:alert(1)' } } },
        { signInExperience: { signInMode: 'Everything' } },
        { page: 'consent' },
        { mode: 'sepia' },
        { language: '"><script>' },
        { nonce: "x' 'unsafe-inline" },
      ]) {
        const refused = await pages.api('', 'POST', '/sign-in-exp/preview', body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.json().code).toBe('guard.invalid_input');
      }
    });
  });
});
