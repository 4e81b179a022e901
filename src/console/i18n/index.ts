import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readUrlOverride } from '../layout/url-overrides';
import { localeBundles } from './bundles';
import { fallbackLanguage, isLanguageCode, type LanguageCode, languageStorageKey, languages } from './languages';

/** The languages that have a `locales/<code>/` directory (English always). */
export const availableLanguages = languages.filter(
  (language) => language.code === fallbackLanguage || language.code in localeBundles,
);

/** The language pinned for this page (`?lng=`, or `changeLanguage(code, { save: false })`): saved ones wait. */
let pinned: LanguageCode | undefined = ((value) => (isLanguageCode(value) ? value : undefined))(
  readUrlOverride('language'),
);
export const pinnedLanguage = (): LanguageCode | undefined => pinned;

const readStoredLanguage = (): LanguageCode => {
  if (pinned) return pinned;
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

/** The page's `lang` and `dir` follow the language, from the first render on. */
const markDocument = (code: string) => {
  if (!globalThis.document) return;
  document.documentElement.lang = code;
  document.documentElement.dir = i18n.dir(code);
};
markDocument(i18n.language);

/** Switches the language and remembers it, or with `save: false` pins it for this page only. */
export const changeLanguage = async (code: LanguageCode, { save = true } = {}): Promise<void> => {
  if (save) {
    pinned = undefined;
    try {
      globalThis.localStorage?.setItem(languageStorageKey, code);
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
  } else {
    pinned = code;
  }
  await i18n.changeLanguage(code);
  markDocument(code);
};
