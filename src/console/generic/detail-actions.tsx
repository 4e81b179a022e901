import { useCustomMutation, useNotification } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource, DetailAction } from '../../shared/descriptor';
import type { ApiError } from '../providers/http';
import { isShownFor } from '../registry';
import { requestFailed } from './request-failed';

/**
 * Runs one of the descriptor's item actions on a record as its button does: asks for confirmation, calls the action
 * with its fixed body, tells the outcome and reloads (the detail page's menu, a list's row actions, the palette).
 */
export const useRunAction = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const { mutateAsync } = useCustomMutation<Record<string, unknown>, ApiError>();
  return (action: DetailAction, record: Record<string, unknown>, name: string, refetch?: () => unknown) =>
    modal.confirm({
      title: t(action.titleKey),
      content: t(action.confirmKey, { name }),
      okText: t(action.titleKey),
      okButtonProps: { danger: action.danger ?? false },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await mutateAsync({
            url: action.path,
            method: action.method.toLowerCase() as 'patch',
            values: action.body,
            meta: { params: { id: String(record.id) } },
            successNotification: false,
            errorNotification: false,
          });
          open?.({ type: 'success', message: t('notifications.saved') });
          await refetch?.();
        } catch (error) {
          open?.(requestFailed(t, error));
        }
      },
    });
};

/**
 * The descriptor's detail actions that apply to the record (suspend or reactivate a user), as entries of the actions
 * menu: each asks for confirmation, calls its item action with its fixed body and reloads the record. A list's row
 * actions (`actions`, revoke an invitation) work the same.
 */
export const useDetailActions = ({
  resource,
  actions = resource.detail?.actions ?? [],
  record,
  name,
  refetch,
}: {
  resource: ConsoleResource;
  actions?: DetailAction[];
  record: Record<string, unknown>;
  name: string;
  refetch: () => unknown;
}): { key: string; danger: boolean; label: string; onClick: () => void }[] => {
  const { t } = useTranslation();
  const run = useRunAction();
  return actions
    .filter((action) => isShownFor(record, action.when))
    .map((action) => ({
      key: action.key,
      danger: action.danger ?? false,
      label: t(action.titleKey),
      onClick: () => run(action, record, name, refetch),
    }));
};
