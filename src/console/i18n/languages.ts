/** The console's UI languages (spec §9); English is the fallback. `bundled` marks the ones with translations. */
export const languages = [
  { code: 'ar', label: 'العربية' },
  { code: 'de', label: 'Deutsch' },
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'fr', label: 'Français' },
  { code: 'it', label: 'Italiano' },
  { code: 'ja', label: '日本語' },
  { code: 'ko', label: '한국어' },
  { code: 'pl-PL', label: 'Polski' },
  { code: 'pt-BR', label: 'Português (Brasil)' },
  { code: 'pt-PT', label: 'Português (Portugal)' },
  { code: 'ru', label: 'Русский' },
  { code: 'tr-TR', label: 'Türkçe' },
  { code: 'uk-UA', label: 'Українська' },
  { code: 'zh-CN', label: '简体中文' },
  { code: 'zh-HK', label: '繁體中文（香港）' },
  { code: 'zh-TW', label: '繁體中文（台灣）' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];
export const fallbackLanguage: LanguageCode = 'en';
export const languageStorageKey = 'gatehouse.language';

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && languages.some((language) => language.code === value);
