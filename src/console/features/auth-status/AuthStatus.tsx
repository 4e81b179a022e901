import { Descriptions, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { userManager } from '../../auth/client';
import { isCheckAdminToken, isTrustedOrigin } from './messages';

const DEBUG_KEY = 'gatehouse.auth-status-debug';
/** Spec §9: the debug view shows this much of the token. */
const TOKEN_SHOWN = 20;

const storageAccessible = () => {
  try {
    window.localStorage.getItem(DEBUG_KEY);
    return true;
  } catch {
    return false;
  }
};

/** Whether debugging is asked for (`?debug`, remembered in this browser) or remembered from before. */
const useDebug = () => {
  const [params] = useSearchParams();
  if (!storageAccessible()) return params.has('debug');
  if (params.has('debug')) window.localStorage.setItem(DEBUG_KEY, params.get('debug') === 'off' ? 'off' : 'on');
  return window.localStorage.getItem(DEBUG_KEY) === 'on';
};

/** The auth-status page: answers trusted windows' `CheckAdminToken` messages; shows what it sees in debug mode. */
export const AuthStatus = () => {
  const { t } = useTranslation();
  const debug = useDebug();
  const [token, setToken] = useState<string>();

  useEffect(() => {
    const answer = async (event: MessageEvent) => {
      if (!isTrustedOrigin(event.origin, window.location.origin)) {
        console.warn(`auth-status: a message from ${event.origin} was refused`);
        return;
      }
      if (!isCheckAdminToken(event.data)) {
        console.warn('auth-status: a message of another format was ignored');
        return;
      }
      const reply = (message: Record<string, unknown>) =>
        (event.source as Window | null)?.postMessage({ requestId: event.data.requestId, ...message }, event.origin);
      const debugInfo = {
        isInIframe: window.self !== window.top,
        storageAccessible: storageAccessible(),
        origin: window.location.origin,
        hostname: window.location.hostname,
      };
      if (!debugInfo.storageAccessible) {
        reply({ type: 'AdminTokenError', error: 'Failed to access localStorage', debugInfo });
        return;
      }
      const user = await userManager().getUser();
      const isAuthenticated = Boolean(user?.access_token) && !user?.expired;
      setToken(user?.access_token);
      reply({ type: 'AdminTokenStatus', isAuthenticated, ...(debug ? { debugInfo } : {}) });
    };
    const listener = (event: MessageEvent) => void answer(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [debug]);

  if (!debug) return null;
  return (
    <main style={{ padding: 24 }}>
      <Typography.Title level={1}>{t('auth_status.title')}</Typography.Title>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('auth_status.in_iframe')}>{String(window.self !== window.top)}</Descriptions.Item>
        <Descriptions.Item label={t('auth_status.storage')}>{String(storageAccessible())}</Descriptions.Item>
        <Descriptions.Item label={t('auth_status.origin')}>{window.location.origin}</Descriptions.Item>
        <Descriptions.Item label={t('auth_status.token')}>
          {token ? `${token.slice(0, TOKEN_SHOWN)}…` : t('auth_status.no_token')}
        </Descriptions.Item>
      </Descriptions>
    </main>
  );
};
