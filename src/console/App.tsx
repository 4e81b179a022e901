import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { Outlet } from 'react-router';
import { AlertHost, AuthContextProvider } from './auth';
import { cspNonce } from './csp';
import { AppearanceProvider, useAppearance, useReducedMotion } from './layout/appearance';
import { useSavedPreferences } from './layout/saved-preferences';

const brandColor = '#6139F6';
const csp = cspNonce ? { nonce: cspNonce } : undefined;

const Themed = () => {
  const { isDark } = useAppearance();
  const reducedMotion = useReducedMotion();
  useSavedPreferences();
  return (
    <ConfigProvider
      csp={csp}
      theme={{
        cssVar: true,
        hashed: false,
        algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: {
          colorPrimary: brandColor,
          colorLink: brandColor,
          colorInfo: brandColor,
          borderRadius: 8,
          fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
          motion: !reducedMotion,
        },
      }}
    >
      <AntdApp>
        <AlertHost />
        <Outlet />
      </AntdApp>
    </ConfigProvider>
  );
};

/**
 * The root route element: the sign-in session, appearance and the antd theme; the screens, the layout and pages
 * render in the outlet.
 */
export const AppRoot = () => (
  <AuthContextProvider>
    <AppearanceProvider>
      <Themed />
    </AppearanceProvider>
  </AuthContextProvider>
);
