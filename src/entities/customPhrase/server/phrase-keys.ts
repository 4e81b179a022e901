import { readFileSync } from 'node:fs';
import { isLogtoPhraseKey } from '../../../server/locales/logto-phrases.js';

type Tree = { [key: string]: string | Tree };

let builtIn: Tree | undefined;
/** The English texts of the sign-in pages: the phrase keys a custom phrase may override (read on first use). */
const builtInPhrases = (): Tree => {
  builtIn ??= JSON.parse(
    readFileSync(new URL('../../../server/locales/en/interaction.json', import.meta.url), 'utf8'),
  ) as Tree;
  return builtIn;
};

/** Whether a value is a translation: texts, or objects of more texts, all the way down. */
export const isTranslation = (value: unknown): value is Tree =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((inner) => typeof inner === 'string' || isTranslation(inner));

/** Whether every text of `value` (at `path`) is at one of Logto's phrase keys. */
const isLogtoPhrase = (value: string | Tree, path: string): boolean =>
  typeof value === 'string'
    ? isLogtoPhraseKey(path)
    : Object.entries(value).every(([key, inner]) => isLogtoPhrase(inner, `${path}.${key}`));

/**
 * Whether every key of `translation` is a phrase of `reference` (the sign-in pages' own texts), with a text where
 * it has a text, or one of Logto's phrase keys (`input.username`), as Logto checks its own.
 */
export const isStrictlyPartial = (translation: Tree, reference: Tree = builtInPhrases(), path = ''): boolean =>
  Object.entries(translation).every(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    const expected = reference[key];
    if (expected === undefined) return isLogtoPhrase(value, at);
    if (typeof value === 'string') return typeof expected === 'string' || isLogtoPhraseKey(at);
    return typeof expected === 'object' && isStrictlyPartial(value, expected, at);
  });

/** The translation without empty texts and the sections they leave empty (what Logto stores). */
export const withoutEmpty = (translation: Tree): Tree => {
  const kept: Tree = {};
  for (const [key, value] of Object.entries(translation)) {
    if (typeof value === 'string') {
      if (value !== '') kept[key] = value;
      continue;
    }
    const inner = withoutEmpty(value);
    if (Object.keys(inner).length > 0) kept[key] = inner;
  }
  return kept;
};

export type { Tree as Translation };
