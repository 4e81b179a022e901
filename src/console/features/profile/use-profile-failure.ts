import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { requestFailed } from '../../generic/request-failed';
import type { ApiError } from '../../providers/http';

/**
 * How the profile reports a refused change (spec §8): a 422 shows its message in a dialog with "Got it", any other
 * failure a toast; a 401 is the session's to handle (it signs in again).
 */
export const useProfileFailure = () => {
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const status = (error as Partial<ApiError>).statusCode;
      if (status === 401) return;
      const text = String(requestFailed(t, error).description);
      if (status === 422) modal.warning({ title: t('profile.failed'), content: text, okText: t('profile.got_it') });
      else void message.error(text);
    },
    [modal, message, t],
  );
};
