import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SignedInAccessProvider } from './access/AccessContext';
import { AlertHost, AuthContextProvider } from './auth';
import { cspNonce } from './csp';
import { useComponentLocale } from './i18n/component-locales';
import { AppearanceProvider, useAppearance, useReducedMotion } from './layout/appearance';
import { useSavedPreferences } from './layout/saved-preferences';
import { createKeptStyleCache } from './providers/style-cache';

const brandColor = '#6139F6';
/**
 * Colours chosen for contrast (WCAG AA, 4.5:1 for text) where antd's defaults fall short: secondary text, and in
 * the dark theme the brand colour used as text (links, the selected menu item and tab), derived from a lighter seed.
 */
const readable = {
  light: { colorTextDescription: 'rgba(0, 0, 0, 0.6)', colorTextTertiary: 'rgba(0, 0, 0, 0.6)', colorError: '#d9363e' },
  dark: { colorTextDescription: 'rgba(255, 255, 255, 0.6)', colorTextTertiary: 'rgba(255, 255, 255, 0.6)' },
};
const darkAccentText = '#a996ff';
const darkComponents = {
  Menu: { itemSelectedColor: darkAccentText },
  Tabs: { itemSelectedColor: darkAccentText, itemHoverColor: darkAccentText, itemActiveColor: darkAccentText },
  // The confirmation dialogs' solid danger button: white on the dark theme's default red is 4.2:1.
  Button: { colorError: '#bb3138', colorErrorHover: '#c4363c', colorErrorActive: '#942a2f' },
};
const csp = cspNonce ? { nonce: cspNonce } : undefined;
const styleCache = createKeptStyleCache();

const Themed = () => {
  const { isDark } = useAppearance();
  const reducedMotion = useReducedMotion();
  useSavedPreferences();
  const locale = useComponentLocale();
  const { i18n } = useTranslation();
  return (
    <StyleProvider cache={styleCache}>
      <ConfigProvider
        csp={csp}
        locale={locale}
        direction={i18n.dir()}
        theme={{
          // A key per theme: the kept style cache (providers/style-cache.ts) holds both themes' variables, each set
          // on its own class, so the one not shown matches nothing.
          cssVar: { key: isDark ? 'gh-theme-dark' : 'gh-theme-light' },
          hashed: false,
          algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
          token: {
            colorPrimary: brandColor,
            colorLink: isDark ? '#b3a1ff' : brandColor,
            colorInfo: brandColor,
            borderRadius: 8,
            fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
            motion: !reducedMotion,
            ...readable[isDark ? 'dark' : 'light'],
          },
          ...(isDark ? { components: darkComponents } : {}),
        }}
      >
        <AntdApp>
          <AlertHost />
          <Outlet />
        </AntdApp>
      </ConfigProvider>
    </StyleProvider>
  );
};

/**
 * The root route element: the sign-in session, what its access token's scopes allow, appearance and the antd theme;
 * the screens, the layout and pages render in the outlet.
 */
export const AppRoot = () => (
  <AuthContextProvider>
    <SignedInAccessProvider>
      <AppearanceProvider>
        <Themed />
      </AppearanceProvider>
    </SignedInAccessProvider>
  </AuthContextProvider>
);
