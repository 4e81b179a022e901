import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readUrlOverride } from '../layout/url-overrides';
import { languageLoaders } from './bundles';
import { detectLanguage, LANGUAGE_COOKIE } from './detect';
import { fallbackLanguage, isLanguageCode, type LanguageCode, languageStorageKey, languages } from './languages';

/** The languages that have texts (English always). */
export const availableLanguages = languages.filter(
  (language) => language.code === fallbackLanguage || language.code in languageLoaders,
);
const availableCodes = availableLanguages.map((language) => language.code);

/** The language pinned for this page (`?lng=`, or `changeLanguage(code, { save: false })`): saved ones wait. */
let pinned: LanguageCode | undefined = ((value) => (isLanguageCode(value) ? value : undefined))(
  readUrlOverride('language'),
);
export const pinnedLanguage = (): LanguageCode | undefined => pinned;

/** The language of this page: pinned, else the one chosen before, else the browser's best (spec: English last). */
const readStoredLanguage = (): LanguageCode => {
  if (pinned) return pinned;
  let stored: string | null | undefined;
  try {
    stored = globalThis.localStorage?.getItem(languageStorageKey);
  } catch {
    // Storage can be unavailable (private mode): the browser's languages decide.
  }
  if (isLanguageCode(stored)) return stored;
  return detectLanguage(globalThis.navigator?.languages ?? [], availableCodes);
};

/** Tells the server the language the console loads, so the next page's shell preloads its texts. */
const rememberForServer = (code: LanguageCode) => {
  if (!globalThis.document) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the console supports.
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/console; max-age=31536000; SameSite=Lax`;
};

export const i18n = i18next.createInstance();

/** Loads a language's texts the first time i18next needs them; English as any other. */
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

const chosen = readStoredLanguage();

/**
 * A text missing in the chosen language (a defect: the locale tests hold every language to English's keys) is logged,
 * and English loads once as the fallback, so the page shows English there and never a raw key.
 */
let fallingBack = false;
const fallBackToEnglish = (key: string) => {
  console.warn(`The console text ${key} is missing in ${i18n.language}; English is shown instead.`);
  if (fallingBack) return;
  fallingBack = true;
  void i18n.loadLanguages(fallbackLanguage).then(() => {
    i18n.options.fallbackLng = [fallbackLanguage];
    i18n.emit('languageChanged', i18n.language);
  });
};

void i18n
  .use(languageBackend)
  .use(initReactI18next)
  .init({
    partialBundledLanguages: true,
    lng: chosen,
    // One language per page: English is loaded for another only once a text is missing there.
    fallbackLng: chosen === fallbackLanguage ? fallbackLanguage : false,
    saveMissing: chosen !== fallbackLanguage,
    missingKeyHandler: (_languages, _namespace, key) => fallBackToEnglish(key),
    supportedLngs: languages.map((language) => language.code),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** Resolves once the chosen language's texts are there: the console renders after it. */
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
    rememberForServer(code);
  } else {
    pinned = code;
  }
  await i18n.changeLanguage(code);
  markDocument(code);
};
