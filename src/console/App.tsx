import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { Outlet } from 'react-router';
import { AppearanceProvider, useAppearance } from './layout/appearance';

const brandColor = '#6139F6';

const Themed = () => {
  const { isDark } = useAppearance();
  return (
    <ConfigProvider
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
        },
      }}
    >
      <AntdApp>
        <Outlet />
      </AntdApp>
    </ConfigProvider>
  );
};

/** The root route element: appearance and the antd theme; the layout and pages render in the outlet. */
export const AppRoot = () => (
  <AppearanceProvider>
    <Themed />
  </AppearanceProvider>
);
