import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './harness';

const themes = ['light', 'dark'] as const;

/** A language and an appearance the QA matrix shows a form's cases in. */
export interface View {
  locale: string;
  theme: (typeof themes)[number];
}

/** English and one other language of the console (the first translated one, else German on English texts). */
const locales = (): string[] => {
  const bundled = readdirSync(join(root, 'src/console/locales')).filter((code) => code !== 'en');
  return ['en', bundled.sort()[0] ?? 'de'];
};

/**
 * The views a form is checked in: each language in a theme of its own, in turn (a form's validation does not change
 * with the theme, nor its colours with the language), or every language in every theme with `QA_MATRIX=full`.
 */
export const views = (): View[] =>
  process.env.QA_MATRIX === 'full'
    ? locales().flatMap((locale) => themes.map((theme) => ({ locale, theme })))
    : locales().map((locale, index) => ({ locale, theme: themes[index % themes.length] ?? 'light' }));
