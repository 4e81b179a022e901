import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { changeLanguage, i18n } from '../../i18n';
import { isLanguageCode, type LanguageCode } from '../../i18n/languages';
import { useAppearance } from '../../layout/appearance';
import { urlOverrideParams } from '../../layout/url-overrides';

export const galleryThemes = ['light', 'dark'] as const;
export type GalleryTheme = (typeof galleryThemes)[number];

/**
 * The language and appearance a gallery page shows its forms in, from its URL (`?lng=de&theme=dark`): applied to
 * the console for this page without being saved, so a case's link opens exactly as it was seen.
 */
export const useGalleryView = () => {
  const [params, setParams] = useSearchParams();
  const { isDark, pin } = useAppearance();
  const lng = params.get(urlOverrideParams.language);
  const theme = params.get(urlOverrideParams.theme);
  const language: LanguageCode = isLanguageCode(lng) ? lng : (i18n.language as LanguageCode);
  const shownTheme: GalleryTheme = theme === 'dark' || theme === 'light' ? theme : isDark ? 'dark' : 'light';

  useEffect(() => {
    if (isLanguageCode(lng) && i18n.language !== lng) void changeLanguage(lng, { save: false });
  }, [lng]);
  useEffect(() => {
    if (theme === 'dark' || theme === 'light') pin(theme);
  }, [theme, pin]);

  const set = (name: keyof typeof urlOverrideParams, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(urlOverrideParams[name], value);
        return next;
      },
      { replace: true },
    );

  /** The query that opens another gallery page in the same language and appearance. */
  const search = `?${new URLSearchParams({ [urlOverrideParams.language]: language, [urlOverrideParams.theme]: shownTheme })}`;
  return {
    language,
    theme: shownTheme,
    search,
    setLanguage: (code: LanguageCode) => set('language', code),
    setTheme: (value: GalleryTheme) => set('theme', value),
  };
};
