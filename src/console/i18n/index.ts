import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readUrlOverride } from '../layout/url-overrides';
import { englishBundle, languageLoaders } from './bundles';
import { fallbackLanguage, isLanguageCode, type LanguageCode, languageStorageKey, languages } from './languages';

/** The languages that have texts (English always). */
export const availableLanguages = languages.filter(
  (language) => language.code === fallbackLanguage || language.code in languageLoaders,
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

/** Loads a language's texts the first time i18next needs them; English is bundled. */
const languageBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const load = languageLoaders[language];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, null),
    );
  },
};

void i18n
  .use(languageBackend)
  .use(initReactI18next)
  .init({
    resources: { [fallbackLanguage]: { translation: englishBundle } },
    // The bundled English is complete; the backend loads the other languages.
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    fallbackLng: fallbackLanguage,
    supportedLngs: languages.map((language) => language.code),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** Resolves once the chosen language's texts are there (at once for English): the console renders after it. */
export const languageReady: Promise<void> = i18n.loadLanguages(i18n.language);

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
