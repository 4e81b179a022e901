import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { readUrlOverride } from './url-overrides';

export const appearanceModes = ['system', 'light', 'dark'] as const;
export type AppearanceMode = (typeof appearanceModes)[number];
export const appearanceStorageKey = 'gatehouse.appearance';

export const isAppearanceMode = (value: unknown): value is AppearanceMode =>
  typeof value === 'string' && (appearanceModes as readonly string[]).includes(value);

const readStoredMode = (): AppearanceMode => {
  try {
    const stored = globalThis.localStorage?.getItem(appearanceStorageKey);
    return isAppearanceMode(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
};

const darkQuery = '(prefers-color-scheme: dark)';
const systemPrefersDark = () => globalThis.matchMedia?.(darkQuery).matches ?? false;

const readUrlMode = (): AppearanceMode | undefined => {
  const value = readUrlOverride('theme');
  return isAppearanceMode(value) ? value : undefined;
};

interface AppearanceState {
  mode: AppearanceMode;
  isDark: boolean;
  setMode: (mode: AppearanceMode) => void;
  /** The appearance pinned for this page (`?theme=` or `pin`), shown instead of the saved one and never saved. */
  pinned: AppearanceMode | undefined;
  pin: (mode: AppearanceMode | undefined) => void;
}

const AppearanceContext = createContext<AppearanceState>({
  mode: 'system',
  isDark: false,
  setMode: () => {},
  pinned: undefined,
  pin: () => {},
});

export const AppearanceProvider = ({ children }: { children: ReactNode }) => {
  const [mode, setModeState] = useState<AppearanceMode>(readStoredMode);
  const [pinned, pin] = useState<AppearanceMode | undefined>(readUrlMode);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    const query = globalThis.matchMedia?.(darkQuery);
    if (!query) return;
    const listener = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener('change', listener);
    return () => query.removeEventListener('change', listener);
  }, []);

  const setMode = useCallback((next: AppearanceMode) => {
    setModeState(next);
    try {
      globalThis.localStorage?.setItem(appearanceStorageKey, next);
    } catch {
      // Storage can be unavailable; the choice then lasts for this page only.
    }
  }, []);

  const shown = pinned ?? mode;
  const isDark = shown === 'dark' || (shown === 'system' && systemDark);

  useEffect(() => {
    document.documentElement.dataset.theme = isDark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  }, [isDark]);

  const value = useMemo(() => ({ mode, isDark, setMode, pinned, pin }), [mode, isDark, setMode, pinned]);
  return <AppearanceContext.Provider value={value}>{children}</AppearanceContext.Provider>;
};

export const useAppearance = () => useContext(AppearanceContext);

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** Whether the user asked the system for less motion; the console then turns the component library's animations off. */
export const useReducedMotion = (): boolean => {
  const [reduced, setReduced] = useState(() => globalThis.matchMedia?.(reducedMotionQuery).matches ?? false);
  useEffect(() => {
    const query = globalThis.matchMedia?.(reducedMotionQuery);
    if (!query) return;
    const listener = (event: MediaQueryListEvent) => setReduced(event.matches);
    query.addEventListener('change', listener);
    return () => query.removeEventListener('change', listener);
  }, []);
  return reduced;
};
