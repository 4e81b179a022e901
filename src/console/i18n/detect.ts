import { fallbackLanguage, type LanguageCode, languages } from './languages';

/**
 * The console language for a browser's preferred languages (`navigator.languages`, best first): the first one the
 * console speaks, matched exactly (`pt-BR`), then Chinese by script or region (`zh-Hant-TW` and `zh-TW` → `zh-TW`,
 * `zh-HK` and `zh-MO` → `zh-HK`, any other Chinese → `zh-CN`), then by its primary subtag (`de-AT` → `de`, `pl` →
 * `pl-PL`, `pt` → `pt-BR`); English when none matches.
 */
export const detectLanguage = (
  preferred: readonly string[],
  offered: readonly LanguageCode[] = codes,
): LanguageCode => {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    const exact = offered.find((code) => code.toLowerCase() === lower);
    if (exact) return exact;
    const [primary = '', ...rest] = lower.split('-');
    const chinese = primary === 'zh' ? chineseOf(rest) : undefined;
    if (chinese && offered.includes(chinese)) return chinese;
    const partial = offered.find((code) => code.toLowerCase().split('-')[0] === primary);
    if (partial) return partial;
  }
  return fallbackLanguage;
};

const codes = languages.map((language) => language.code);

const chineseOf = (subtags: string[]): LanguageCode => {
  if (subtags.includes('hk') || subtags.includes('mo')) return 'zh-HK';
  if (subtags.includes('tw') || subtags.includes('hant')) return 'zh-TW';
  return 'zh-CN';
};

/** The cookie that tells the server which language's texts the console will load, so the page preloads them. */
export const LANGUAGE_COOKIE = 'gatehouse-language';
