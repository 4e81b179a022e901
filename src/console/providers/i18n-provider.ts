import type { I18nProvider } from '@refinedev/core';
import type { i18n as I18n } from 'i18next';

/**
 * Refine calls `translate(key, options, defaultMessage)` and sometimes `translate(key, defaultMessage)`; the default
 * must reach i18next, else notifications show raw keys.
 */
export const createI18nProvider = (i18n: I18n): I18nProvider => ({
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const values = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
    const fallback = typeof options === 'string' ? options : defaultMessage;
    return String(i18n.t(key, { ...values, defaultValue: fallback ?? key }));
  },
  changeLocale: (locale: string) => i18n.changeLanguage(locale),
  getLocale: () => i18n.language,
});
