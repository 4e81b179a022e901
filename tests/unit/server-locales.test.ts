import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptInEnglish, pluralDifferences, untranslatedTexts } from '../../codegen/locale-forms';
import { placeholderDifferences } from '../../codegen/locale-placeholders';
import { flattenTexts, pluralBase } from '../../codegen/locales';
import { translatorFor } from '../../src/server/locales';

/** The server pages' texts: one directory per language, one file per namespace, English the source. */
const repo = join(import.meta.dirname, '../..');
const dir = join(repo, 'src/server/locales');
const languages = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'en')
  .map((entry) => entry.name);
const namespaces = readdirSync(join(dir, 'en')).filter((file) => file.endsWith('.json'));
const texts = (language: string, file: string) =>
  flattenTexts(JSON.parse(readFileSync(join(dir, language, file), 'utf8')));
const keys = (found: Map<string, string>) => [...new Set([...found.keys()].map(pluralBase))].sort();

describe('sign-in page texts', () => {
  it('exist in German besides English', () => {
    expect(languages).toContain('de');
  });

  it.each(languages)('in %s have every English key and placeholder, nothing else', (language) => {
    for (const file of namespaces) {
      const english = texts('en', file);
      const translated = texts(language, file);
      expect(keys(translated), file).toEqual(keys(english));
      expect(placeholderDifferences(english, translated), file).toEqual([]);
      expect(pluralDifferences(english, translated, language), file).toEqual([]);
      const namespace = `server.${file.replace(/\.json$/, '')}.`;
      const kept = [...keptInEnglish(repo, language)]
        .filter((key) => key.startsWith(namespace))
        .map((key) => key.slice(namespace.length));
      expect(untranslatedTexts(english, translated, new Set(kept)), file).toEqual([]);
    }
  });

  it('greet a German browser in German', () => {
    const { language, t } = translatorFor('de-DE,de;q=0.9,en;q=0.5');
    expect(language).toBe('de');
    expect(t('register.password_hint', { min: 8, max: 256 })).toBe('8 bis 256 Zeichen.');
    expect(t('errors:password_rejected.too_short', { min: 8 })).toBe('Das Passwort muss mindestens 8 Zeichen haben.');
  });
});
