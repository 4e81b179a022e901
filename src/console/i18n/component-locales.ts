import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fallbackLanguage, isLanguageCode, type LanguageCode } from './languages';

/** `ILocale` is the type dayjs declares globally for its locale files. */
type Loaded = [{ default: Locale }, { default: ILocale } | undefined];

/**
 * The texts the component library brings itself (date pickers, pagination, empty states, default dialog buttons) and
 * the month names of its date pickers, per console language. Each is loaded when its language is first chosen;
 * English is built in.
 */
const loaders: Record<LanguageCode, () => Promise<Loaded>> = {
  ar: () => Promise.all([import('antd/es/locale/ar_EG'), import('dayjs/locale/ar')]),
  de: () => Promise.all([import('antd/es/locale/de_DE'), import('dayjs/locale/de')]),
  en: () => Promise.all([import('antd/es/locale/en_US'), Promise.resolve(undefined)]),
  es: () => Promise.all([import('antd/es/locale/es_ES'), import('dayjs/locale/es')]),
  fr: () => Promise.all([import('antd/es/locale/fr_FR'), import('dayjs/locale/fr')]),
  it: () => Promise.all([import('antd/es/locale/it_IT'), import('dayjs/locale/it')]),
  ja: () => Promise.all([import('antd/es/locale/ja_JP'), import('dayjs/locale/ja')]),
  ko: () => Promise.all([import('antd/es/locale/ko_KR'), import('dayjs/locale/ko')]),
  'pl-PL': () => Promise.all([import('antd/es/locale/pl_PL'), import('dayjs/locale/pl')]),
  'pt-BR': () => Promise.all([import('antd/es/locale/pt_BR'), import('dayjs/locale/pt-br')]),
  'pt-PT': () => Promise.all([import('antd/es/locale/pt_PT'), import('dayjs/locale/pt')]),
  ru: () => Promise.all([import('antd/es/locale/ru_RU'), import('dayjs/locale/ru')]),
  'tr-TR': () => Promise.all([import('antd/es/locale/tr_TR'), import('dayjs/locale/tr')]),
  'uk-UA': () => Promise.all([import('antd/es/locale/uk_UA'), import('dayjs/locale/uk')]),
  'zh-CN': () => Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]),
  'zh-HK': () => Promise.all([import('antd/es/locale/zh_HK'), import('dayjs/locale/zh-hk')]),
  'zh-TW': () => Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]),
};

/** The component library's locale for the console's current language; `undefined` (English) until it has loaded. */
export const useComponentLocale = (): Locale | undefined => {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : fallbackLanguage;
  const [loaded, setLoaded] = useState<{ language: LanguageCode; locale: Locale }>();

  useEffect(() => {
    let current = true;
    loaders[language]().then(
      ([antd, dates]) => {
        if (!current) return;
        dayjs.locale(dates?.default ?? 'en');
        setLoaded({ language, locale: antd.default });
      },
      // A chunk that fails to load leaves the component texts in English; the console's own texts are unaffected.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);

  return loaded?.language === language ? loaded.locale : undefined;
};
