/**
 * The pseudo-locale pass, in Chromium: the console's English texts are served accented, 40 % longer and in brackets
 * (`[Ŕöļéš ~~~]`, built here from the English chunk, never shipped). On every sidebar page, visible interface text
 * outside brackets is text that bypasses the translations (a string written into a component), a text key is a text
 * the translations lack, and text clipped without an ellipsis is a box too small for a longer language. Data (table
 * cells, inputs, code, the signed-in user's name), the component library's own texts and the product's name are left
 * out.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';
import { walkSidebar } from './sidebar-walk';

const accents: Record<string, string> = Object.fromEntries(
  [...'aeiouycnszAEIOUYCNSZ'].map((letter, i) => [letter, [...'áéíöüýçñšžÁÉÍÖÜÝÇÑŠŽ'][i] ?? letter]),
);
const kept = /(\{\{[^}]*\}\}|<\/?[\w-]+\s*\/?>|\\.)/;

/** One English text as the pseudo-locale words it: accented, 40 % longer, in brackets; placeholders as they are. */
const pseudo = (text: string) => {
  const accented = text
    .split(kept)
    .map((part) => (kept.test(part) ? part : part.replace(/[a-zA-Z]/g, (letter) => accents[letter] ?? letter)))
    .join('');
  return `[${accented} ${'~'.repeat(Math.ceil(text.length * 0.4))}]`;
};

type Texts = string | { [key: string]: Texts };
const pseudoTexts = (texts: Texts): Texts =>
  typeof texts === 'string'
    ? pseudo(texts)
    : Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, pseudoTexts(value)]));

/**
 * A template literal of the built module: a text, or a whole file's texts as JSON (`JSON.parse(`…`)`), whose values
 * are changed and keys kept.
 */
const pseudoLiteral = (parsed: string | undefined, literal: string) => {
  if (!parsed) return `\`${pseudo(literal)}\``;
  const json = JSON.parse(literal.replace(/\\([\\`$])/g, '$1')) as Texts;
  return `${parsed}\`${JSON.stringify(pseudoTexts(json)).replace(/[\\`$]/g, '\\$&')}\``;
};

/** The English chunk with every text pseudo-localized. */
const pseudoChunk = async (route: Route) => {
  // Uncompressed, so the texts can be read and changed.
  const response = await route.fetch({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
  const body = (await response.text()).replace(/(JSON\.parse\()?`((?:[^`\\]|\\.)*)`/g, (_, parsed, text) =>
    pseudoLiteral(parsed, text),
  );
  // The body is sent as it now is: not compressed, of its own length.
  const headers = Object.fromEntries(
    Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
  );
  console.log('DBG', body.length, body.slice(0, 400));
  await route.fulfill({ status: response.status(), headers, body });
};

/** Visible interface text outside brackets, and text keys, on the page. */
const problemsOn = (page: Page) =>
  page.evaluate(() => {
    const skipped =
      'td, input, textarea, code, pre, svg, .ant-empty-description, .ant-pagination, .ant-select-selection-item, ' +
      '.ant-picker, .ant-tag, .ant-avatar, .gh-topbar-title, .ant-typography-copy, .gh-user-name';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || !text || parent.closest(skipped) || parent.closest('[aria-hidden="true"]')) continue;
      // The product's name is a name in every language.
      if (text === 'Gatehouse') continue;
      if (!parent.checkVisibility()) continue;
      // What is left once the bracketed texts are taken out: a word of two letters or more is English.
      const outside = text.replace(/\[[^\]]*\]/g, ' ');
      if (/[a-z]{2,}/i.test(outside.replace(/https?:\/\/\S+|\S+@\S+|\b[A-Z0-9]{2,}\b/g, ' '))) found.push(text);
    }
    // Text cut off where the layout did not mean to shorten it (no ellipsis): a box too small for a longer language.
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const own = [...element.childNodes].some(
        (child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim(),
      );
      if (!own || element.closest(skipped) || !element.checkVisibility()) continue;
      const style = getComputedStyle(element);
      const clips = (value: string) => value === 'hidden' || value === 'clip';
      const wide = clips(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const tall = clips(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if ((wide && style.textOverflow !== 'ellipsis') || (tall && style.webkitLineClamp === 'none')) {
        found.push(`cut off: ${element.textContent?.trim().slice(0, 60)}`);
      }
    }
    return [...new Set(found)];
  });

let server: RunningServer;
let browser: Browser;
let page: Page;

describe('the console in the pseudo-locale', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('console-pseudo');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    page.on('console', (m) => console.log('PAGE', m.type(), m.text().slice(0, 300)));
    await page.route(/\/console\/assets\/locale-en-.{8}\.js$/, pseudoChunk);
    await page.reload();
    await page.locator('nav.gh-sidebar').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('shows every sidebar page with all its interface text translated', async () => {
    await expect.poll(() => page.locator('nav.gh-sidebar a').first().textContent()).toMatch(/^\[/);
    const found: string[] = [];
    await walkSidebar(page, async (path, index) => {
      found.push(...(await problemsOn(page)).map((text) => `${path}: ${text}`));
      if (index === 0) await screenshot(page, 'first-page');
    });
    expect(found).toEqual([]);
  });
});
