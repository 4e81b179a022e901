import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setAlertPresenter } from './alert-channel';

/**
 * Presents the session's alerts as themed dialogs (spec §8: `auth.forbidden` shows its message with a "Got it"
 * button, then the user is signed out). Rendered once, inside antd's `App`.
 */
export const AlertHost = () => {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      setAlertPresenter(
        (message) =>
          new Promise<void>((resolve) => {
            modal.warning({
              title: t('auth.forbidden.title'),
              content: message,
              okText: t('auth.forbidden.got_it'),
              keyboard: false,
              maskClosable: false,
              onOk: () => resolve(),
            });
          }),
      ),
    [modal, t],
  );
  return null;
};
