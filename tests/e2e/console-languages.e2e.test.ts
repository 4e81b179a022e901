/**
 * The console and the sign-in pages in other languages, in Chromium: a Japanese and an Arabic browser get the console
 * in their language on their first visit, and every sidebar page shows no text key and no English sentence of the
 * console's texts; Arabic reads right to left with the sidebar on the right; a sample of pages passes axe in both. The
 * sign-in page speaks Japanese when the application asks for it (`ui_locales=ja`) from an English browser.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isLanguageNeutral, keptInEnglish } from '../../codegen/locale-forms';
import { readLocaleTexts } from '../../codegen/locales';
import { settled } from './accessibility';
import { runAxe, seriousViolations } from './axe';
import { visible } from './console-steps';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';
import { walkSidebar } from './sidebar-walk';

const repo = join(import.meta.dirname, '../..');
const english = readLocaleTexts(repo, 'en');
const placeholders = /\{\{[^}]*\}\}|<\/?[\w-]+\s*\/?>/g;

/** The English sentences (three words or more) of the console's texts, but those a language keeps in English. */
const englishSentences = (language: string) => {
  const kept = keptInEnglish(repo, language);
  return [
    ...new Set(
      [...english].flatMap(([key, text]) =>
        kept.has(key) || isLanguageNeutral(text)
          ? []
          : text
              .split(placeholders)
              .map((part) => part.trim())
              .filter((part) => part.split(/\s+/).length >= 3 && part.length >= 12),
      ),
    ),
  ];
};
const textKeys = [...english.keys()].filter((key) => key.includes('.') && key.length >= 8);

/** What a page shows that it should not: a text key, or an English sentence of the console's own texts. */
const untranslated = async (page: Page, sentences: string[]) => {
  // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not hidden nodes' text, is what a reader sees.
  const text = await page.evaluate(() => document.body.innerText);
  return [
    ...textKeys.filter((key) => text.includes(key)).map((key) => `key ${key}`),
    ...sentences.filter((sentence) => text.includes(sentence)).map((sentence) => `English "${sentence}"`),
  ];
};

let server: RunningServer;

describe.each([
  { language: 'ja', locale: 'ja-JP', direction: 'ltr' },
  { language: 'ar', locale: 'ar-EG', direction: 'rtl' },
])('the console in $language', ({ language, locale, direction }) => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix(`console-${language}`);
    server ??= await startServer();
    browser = await launchBrowser({ signInTo: server, locale });
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('follows the browser on the first visit, in its direction', async () => {
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(direction);
    const sidebar = await page.locator('nav.gh-sidebar').boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    // Right to left, the sidebar is at the right edge.
    if (direction === 'rtl') expect(sidebar?.x ?? 0).toBeGreaterThan(width / 2);
    else expect(sidebar?.x ?? width).toBeLessThan(width / 2);
  });

  test('shows every sidebar page with no text key and no English sentence', async () => {
    const sentences = englishSentences(language);
    expect(sentences.length).toBeGreaterThan(200);
    const found: string[] = [];
    let last = '';
    await walkSidebar(page, async (path, index) => {
      found.push(...(await untranslated(page, sentences)).map((problem) => `${path}: ${problem}`));
      if (index === 0) await screenshot(page, path.split('/').pop() ?? 'page');
      last = path;
    });
    await screenshot(page, last.split('/').pop() ?? 'page');
    expect(found).toEqual([]);
  });

  test('passes axe on a sample of pages', async () => {
    const problems: string[] = [];
    for (const path of ['/console/applications', '/console/users']) {
      await page.locator(`nav.gh-sidebar a[href="${path}"]`).click();
      await visible(page.getByRole('heading', { level: 1 }).first());
      await settled(page);
      problems.push(...seriousViolations(await runAxe(page), (line) => `${path}: ${line}`));
    }
    expect(problems).toEqual([]);
  });

  test.runIf(language === 'ja')('sends the sign-in page in Japanese when the application asks for it', async () => {
    const created = await fetch(`${server.origin}/api/applications`, {
      method: 'POST',
      headers: { ...(await authHeaders(browser)), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Storefront',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: ['https://shop.example.com/callback'], postLogoutRedirectUris: [] },
      }),
    });
    const app = (await created.json()) as { id: string };
    expect(created.status).toBeLessThan(300);
    const signIn = await launchBrowser({ signInTo: false, locale: 'en-US' });
    try {
      const query = new URLSearchParams({
        client_id: app.id,
        redirect_uri: 'https://shop.example.com/callback',
        response_type: 'code',
        scope: 'openid profile',
        state: 'st4te-0123456789',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        ui_locales: 'ja',
      });
      await signIn.page.goto(`${server.origin}/oidc/auth?${query}`);
      await visible(signIn.page.getByRole('heading', { level: 1, name: 'サインイン' }));
      expect(await signIn.page.evaluate(() => document.documentElement.lang)).toBe('ja');
      expect(await signIn.page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    } finally {
      await signIn.close();
    }
  });
});

afterAll(async () => {
  await server?.stop();
});
