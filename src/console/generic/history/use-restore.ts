import { useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource } from '../../../shared/descriptor';
import type { ApiError } from '../../providers/http';
import { requestFailed } from '../request-failed';

/**
 * "Restore this version": after a confirmation, the history's restore action makes the item as the change left it,
 * an ordinary change the API checks like any other (a rule that now forbids it is named in the error). Then the
 * history and the item's entity are read again.
 */
export const useRestore = (history: ConsoleResource, restorePath: string, onRestored?: () => unknown) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<Record<string, unknown>, ApiError>();
  return (change: { id: string; entity: string }) =>
    modal.confirm({
      title: t('history.restore'),
      content: t('history.restore_confirm'),
      okText: t('history.restore'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await mutateAsync({
            url: restorePath,
            method: 'post',
            values: {},
            meta: { params: { id: change.id } },
            successNotification: false,
            errorNotification: false,
          });
          open?.({ type: 'success', message: t('history.restored') });
          await Promise.all([
            invalidate({ resource: history.name, invalidates: ['list', 'detail'] }),
            invalidate({ resource: change.entity, invalidates: ['list', 'detail'] }),
          ]);
          await onRestored?.();
        } catch (error) {
          open?.(requestFailed(t, error));
        }
      },
    });
};
