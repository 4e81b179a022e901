import { useEffect } from 'react';
import { useAuth } from '../auth/AuthContext';
import { availableLanguages, changeLanguage, i18n, pinnedLanguage } from '../i18n';
import { isAppearanceMode, useAppearance } from './appearance';

/**
 * Applies the console preferences saved on the signed-in account (spec §3) as they arrive, so the appearance and the
 * language chosen in another browser follow the user. Saved values outside the preference schema are ignored; the
 * user menu saves every new choice, so the two never pull against each other.
 */
export const useSavedPreferences = () => {
  const { identity } = useAuth();
  const { setMode } = useAppearance();
  const saved = identity?.customData.adminConsolePreferences;
  const appearance = saved?.appearanceMode;
  const language = saved?.language;

  useEffect(() => {
    if (isAppearanceMode(appearance)) setMode(appearance);
  }, [appearance, setMode]);

  useEffect(() => {
    const known = availableLanguages.find((candidate) => candidate.code === language);
    if (known && !pinnedLanguage() && i18n.language !== known.code) void changeLanguage(known.code);
  }, [language]);
};
