import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { placeholdersOf } from './locale-placeholders.js';
import { pluralBase } from './locales.js';

/**
 * Two checks a translation must pass beyond keys and placeholders: its plural texts have exactly the forms its
 * language's plural rules select (Russian needs `_few` and `_many`, Japanese only `_other`), and it leaves no text in
 * English but the names, codes and examples that are the same in every language, and the words a translator listed as
 * kept in English (`docs/i18n/same-as-english/<language>.json`).
 */

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The plural forms i18next asks for in a language (`Intl.PluralRules`, as i18next itself selects them). */
export const pluralCategories = (language: string): string[] =>
  [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();

export interface PluralDifference {
  key: string;
  expected: string[];
  actual: string[];
}

/** Plural texts (English `_one`/`_other`) whose forms in the translation are not exactly the language's. */
export const pluralDifferences = (
  english: Map<string, string>,
  translated: Map<string, string>,
  language: string,
): PluralDifference[] => {
  const bases = new Set([...english.keys()].filter((key) => pluralSuffix.test(key)).map(pluralBase));
  const expected = pluralCategories(language);
  const differences: PluralDifference[] = [];
  for (const base of [...bases].sort()) {
    const forms = [...translated.keys()]
      .filter((key) => pluralSuffix.test(key) && pluralBase(key) === base)
      .map((key) => key.slice(base.length + 1));
    // A text without a suffix beside its forms is what i18next answers for the others.
    if (translated.has(base) && !forms.includes('other')) forms.push('other');
    const actual = forms.sort();
    // A text the language has not translated at all is the parity check's to report.
    if (actual.length > 0 && actual.join() !== expected.join()) differences.push({ key: base, expected, actual });
  }
  return differences;
};

/** Names of protocols, products and brands, the same in every language. */
const names = new Set(
  [
    'Gatehouse Logto OpenID Connect OAuth SAML Google GitHub GitLab Microsoft Apple Facebook Discord Azure Entra',
    'Cloudflare Turnstile reCAPTCHA WebAuthn Passkeys Passkey Hasura Stripe Twilio',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Whether a text is the same in every language: nothing but placeholders, markup, examples (URLs, addresses, codes
 * such as `read:orders`), numbers, acronyms (`ID`, `OIDC`) and names.
 */
export const isLanguageNeutral = (text: string): boolean => {
  let rest = text;
  for (const placeholder of placeholdersOf(text)) rest = rest.replaceAll(placeholder, ' ');
  rest = rest.replace(/\{\{[^}]*\}\}/g, ' ');
  const words = rest.split(/\s+/).filter((word) => word !== '');
  return words.every((word) => {
    if (/[:/.@^_{}=;#<>]|\d/.test(word) && !/^[A-Za-z]+[.,]?$/.test(word)) return true;
    const bare = word.replace(/^[("'[]+|[)"'\],.!?:;]+$/g, '').replace(/[()]/g, '');
    if (bare === '' || !/\p{L}/u.test(bare)) return true;
    return bare.length === 1 || names.has(bare) || /^[A-Z0-9][A-Z0-9-]{1,11}s?$/.test(bare);
  });
};

/**
 * The keys a translator kept in English on purpose: the console's by key, the server's prefixed with `server.` and
 * their namespace (`server.interaction.logo_alt`).
 */
export const keptInEnglish = (root: string, language: string): Set<string> => {
  const file = join(root, 'docs/i18n/same-as-english', `${language}.json`);
  return new Set(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : []);
};

/** Translated texts equal to their English text that are neither language-neutral nor kept on purpose. */
export const untranslatedTexts = (
  english: Map<string, string>,
  translated: Map<string, string>,
  kept: Set<string> = new Set(),
): string[] =>
  [...translated]
    .filter(([key, text]) => english.get(key) === text && !kept.has(key) && !isLanguageNeutral(text))
    .map(([key]) => key)
    .sort();
