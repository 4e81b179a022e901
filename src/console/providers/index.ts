import { i18n } from '../i18n';
import { apiPaths } from '../registry';
import { createDataProvider } from './data-provider';
import { createI18nProvider } from './i18n-provider';

export const dataProvider = createDataProvider({ apiPaths, baseUrl: '/api', getLanguage: () => i18n.language });
export const i18nProvider = createI18nProvider(i18n);
export { useNotificationProvider } from './notification-provider';
