import { DeleteOutlined, MoreOutlined } from '@ant-design/icons';
import {
  type BaseKey,
  keys,
  type MetaQuery,
  useDataProvider,
  useDelete,
  useInvalidate,
  useNotification,
} from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { leavingDeleted } from './use-unsaved-changes';

interface UseConfirmDeleteOptions {
  resource: string;
  id: string | number;
  meta?: MetaQuery;
  /** Shown in the dialog and the toast. */
  name: string;
  onDeleted?: () => void;
  /**
   * The page to go to once deleted, when the current page shows the record (its detail page). That page is left
   * before the record's cached queries are touched, so it never asks the server for the deleted record again.
   */
  leaveTo?: string;
  /** `remove` unassigns (many-to-many) instead of deleting the record. */
  kind?: 'delete' | 'remove';
}

/**
 * Deletes the record shown by the current page, then leaves it: the request goes straight to the data provider
 * (Refine's delete hook drops the record's query while the page still observes it, and the page asks for it again,
 * getting a 404), the page is left at once, and only then is the record forgotten and its lists refreshed.
 */
const useDeleteAndLeave = () => {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  return async ({ resource, id, meta, to }: { resource: string; id: BaseKey; meta?: MetaQuery; to: string }) => {
    await dataProvider().deleteOne({ resource, id, meta: meta ?? {} });
    await navigate(to, { replace: true, flushSync: true, state: leavingDeleted });
    queryClient.removeQueries({ queryKey: keys().data('default').resource(resource).action('one').id(id).get() });
    await invalidate({ resource, invalidates: ['list', 'many'] });
  };
};

/** Delete behind a confirm dialog, with a toast either way. */
export const useConfirmDelete = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const { mutateAsync } = useDelete();
  const deleteAndLeave = useDeleteAndLeave();

  return ({ resource, id, meta, name, onDeleted, leaveTo, kind = 'delete' }: UseConfirmDeleteOptions) =>
    modal.confirm({
      title: t(`${kind}.title`, { name }),
      content: t(`${kind}.description`, { name }),
      okText: t(`actions.${kind}`),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          if (leaveTo) await deleteAndLeave({ resource, id, ...(meta ? { meta } : {}), to: leaveTo });
          else await mutateAsync({ resource, id, meta, successNotification: false, errorNotification: false });
          open?.({
            type: 'success',
            message: t(kind === 'delete' ? 'notifications.deleted' : 'notifications.removed', { name }),
          });
          onDeleted?.();
        } catch (error) {
          open?.({ type: 'error', message: t('notifications.request_failed'), description: (error as Error).message });
        }
      },
    });
};

/** The detail page's actions menu ("⋯"): the descriptor's actions for the record, then Delete. */
export const ActionsMenu = ({
  onDelete,
  items = [],
}: {
  onDelete?: (() => void) | undefined;
  items?: NonNullable<MenuProps['items']>;
}) => {
  const { t } = useTranslation();
  const remove = onDelete
    ? [{ key: 'delete', danger: true, icon: <DeleteOutlined />, label: t('actions.delete'), onClick: onDelete }]
    : [];
  return (
    <Dropdown trigger={['click']} menu={{ items: [...items, ...remove] }}>
      <Button icon={<MoreOutlined />} aria-label={t('actions.more')} />
    </Dropdown>
  );
};
