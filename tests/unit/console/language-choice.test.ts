import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/console/i18n/detect';
import { languageChunks, preloadedLanguage, withLanguagePreload } from '../../../src/server/console/language-preload';

describe("the console's language on a first visit", () => {
  it("follows the browser's languages, best first, by exact tag, Chinese script or region, then primary subtag", () => {
    expect(detectLanguage(['ja-JP', 'en-US'])).toBe('ja');
    expect(detectLanguage(['pt-PT', 'pt-BR'])).toBe('pt-PT');
    expect(detectLanguage(['pt'])).toBe('pt-BR');
    expect(detectLanguage(['de-AT'])).toBe('de');
    expect(detectLanguage(['zh-Hant-TW'])).toBe('zh-TW');
    expect(detectLanguage(['zh-HK'])).toBe('zh-HK');
    expect(detectLanguage(['zh-Hans', 'en'])).toBe('zh-CN');
    expect(detectLanguage(['nl-NL', 'fr-CA'])).toBe('fr');
    expect(detectLanguage(['nl-NL'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });

  it('takes only the languages that have texts', () => {
    expect(detectLanguage(['ja', 'de'], ['en', 'de'])).toBe('de');
  });
});

describe('the shell', () => {
  const dist = mkdtempSync(join(tmpdir(), 'gatehouse-shell-'));
  mkdirSync(join(dist, 'assets'));
  for (const file of [
    'locale-en-Ab12Cd34.js',
    'locale-pt-BR-x_-9aB7Q.js',
    'locale-ja-QQ11ww22.js',
    'boot-Zz99Yy88.js',
  ]) {
    writeFileSync(join(dist, 'assets', file), '');
  }
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const chunks = languageChunks(dist);
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

  it('finds one chunk per language in the build', () => {
    expect(Object.fromEntries(chunks)).toEqual({
      en: '/console/assets/locale-en-Ab12Cd34.js',
      'pt-BR': '/console/assets/locale-pt-BR-x_-9aB7Q.js',
      ja: '/console/assets/locale-ja-QQ11ww22.js',
    });
  });

  it('preloads the language chosen before, else the browser’s, else English', () => {
    const chosen = request({ cookie: 'a=1; gatehouse-language=pt-BR', 'accept-language': 'ja' });
    expect(preloadedLanguage(chosen, chunks)).toBe('/console/assets/locale-pt-BR-x_-9aB7Q.js');
    expect(preloadedLanguage(request({ 'accept-language': 'ja-JP,en;q=0.5' }), chunks)).toContain('locale-ja-');
    expect(preloadedLanguage(request({ cookie: 'gatehouse-language=xx', 'accept-language': 'nl' }), chunks)).toContain(
      'locale-en-',
    );
    const html = withLanguagePreload('<head>\n  </head>', chunks.get('ja'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/console/assets/locale-ja-QQ11ww22.js"');
  });
});
