import { DeleteOutlined, MoreOutlined } from '@ant-design/icons';
import { type MetaQuery, useDelete, useNotification } from '@refinedev/core';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

interface UseConfirmDeleteOptions {
  resource: string;
  id: string | number;
  meta?: MetaQuery;
  /** Shown in the dialog and the toast. */
  name: string;
  onDeleted?: () => void;
  /** `remove` unassigns (many-to-many) instead of deleting the record. */
  kind?: 'delete' | 'remove';
}

/** Delete behind a confirm dialog, with a toast either way. */
export const useConfirmDelete = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const { mutateAsync } = useDelete();

  return ({ resource, id, meta, name, onDeleted, kind = 'delete' }: UseConfirmDeleteOptions) =>
    modal.confirm({
      title: t(`${kind}.title`, { name }),
      content: t(`${kind}.description`, { name }),
      okText: t(`actions.${kind}`),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await mutateAsync({ resource, id, meta, successNotification: false, errorNotification: false });
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

/** The detail page's actions menu ("⋯") with Delete. */
export const ActionsMenu = ({ onDelete }: { onDelete: () => void }) => {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'delete', danger: true, icon: <DeleteOutlined />, label: t('actions.delete'), onClick: onDelete },
        ],
      }}
    >
      <Button icon={<MoreOutlined />} aria-label={t('actions.more')} />
    </Dropdown>
  );
};
