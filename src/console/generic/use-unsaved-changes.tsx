import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** Navigation state of leaving a record that was just deleted: its unsaved changes have nowhere to go. */
export const leavingDeleted = { deleted: true } as const;

const isLeavingDeleted = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { deleted?: unknown }).deleted === true;

/**
 * Guards unsaved form changes: in-app navigation to another page asks first, and leaving the page (reload,
 * close) triggers the browser's own prompt. With `within`, moving between paths below it (a page's own tabs, which
 * share one form) does not ask.
 */
export const useUnsavedChangesGuard = (dirty: boolean, within?: string) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(within && (nextLocation.pathname === within || nextLocation.pathname.startsWith(`${within}/`))) &&
      !isLeavingDeleted(nextLocation.state),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: t('form.unsaved.title'),
      content: t('form.unsaved.description'),
      okText: t('form.unsaved.leave'),
      okButtonProps: { danger: true },
      cancelText: t('form.unsaved.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
};
