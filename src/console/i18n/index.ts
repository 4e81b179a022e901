import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import { fallbackLanguage, isLanguageCode, type LanguageCode, languageStorageKey, languages } from './languages';

/** Locale bundles other than English are loaded on demand from `locales/<code>/index.ts` once they exist. */
const bundleLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/index.ts',
  '!../locales/en/index.ts',
]);

export const availableLanguages = languages.filter(
  (language) => language.code === fallbackLanguage || `../locales/${language.code}/index.ts` in bundleLoaders,
);

const readStoredLanguage = (): LanguageCode => {
  try {
    const stored = globalThis.localStorage?.getItem(languageStorageKey);
    return isLanguageCode(stored) ? stored : fallbackLanguage;
  } catch {
    return fallbackLanguage;
  }
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: readStoredLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: languages.map((language) => language.code),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export const changeLanguage = async (code: LanguageCode): Promise<void> => {
  const loader = bundleLoaders[`../locales/${code}/index.ts`];
  if (loader && !i18n.hasResourceBundle(code, 'translation')) {
    const bundle = await loader();
    i18n.addResourceBundle(code, 'translation', bundle.default, true, true);
  }
  try {
    globalThis.localStorage?.setItem(languageStorageKey, code);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  document.documentElement.dir = i18n.dir(code);
};
