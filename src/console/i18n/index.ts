import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeBundles } from './bundles';
import { fallbackLanguage, isLanguageCode, type LanguageCode, languageStorageKey, languages } from './languages';

/** The languages that have a `locales/<code>/` directory (English always). */
export const availableLanguages = languages.filter(
  (language) => language.code === fallbackLanguage || language.code in localeBundles,
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
  resources: Object.fromEntries(
    Object.entries(localeBundles).map(([language, translation]) => [language, { translation }]),
  ),
  lng: readStoredLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: languages.map((language) => language.code),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export const changeLanguage = async (code: LanguageCode): Promise<void> => {
  try {
    globalThis.localStorage?.setItem(languageStorageKey, code);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  document.documentElement.dir = i18n.dir(code);
};
