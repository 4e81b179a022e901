import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { App, Button, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../generic/columns';
import { ErrorState } from '../../generic/states';
import { RotateDialog } from './RotateDialog';
import { type Key, type KeyType, useOidcKeys } from './use-oidc-keys';

/** Texts of each key type, under `signing_keys.<section>`. */
const SECTION: Record<KeyType, 'private_keys' | 'cookie_keys'> = {
  'private-keys': 'private_keys',
  'cookie-keys': 'cookie_keys',
};

/**
 * One key type: its keys (id, algorithm, status, created), Rotate behind a confirmation and Delete for a key that no
 * longer signs. Cookie keys carry no status in the API: the first one signs.
 */
export const KeysCard = ({ keyType }: { keyType: KeyType }) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const { list, keys, rotate, remove, pending } = useOidcKeys(keyType);
  const [rotating, setRotating] = useState(false);
  const section = SECTION[keyType];
  const isPrivate = keyType === 'private-keys';
  const statusOf = (key: Key, index: number) => key.status ?? (index === 0 ? 'Current' : 'Previous');

  const failed = (error: unknown) => {
    const { code, message } = error as { code?: string; message?: string };
    open?.({
      type: 'error',
      message: t('notifications.request_failed'),
      description: code ? t(`errors.${code}`, { defaultValue: message }) : message,
    });
  };

  const confirmDelete = (key: Key) =>
    modal.confirm({
      title: t('signing_keys.delete.title'),
      content: t('signing_keys.delete.description', { id: key.id }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await remove(key.id);
          open?.({ type: 'success', message: t('signing_keys.delete.done') });
        } catch (error) {
          failed(error);
        }
      },
    });

  const columns: ColumnsType<Key & { index: number }> = [
    {
      key: 'id',
      title: t('signing_keys.column.id'),
      dataIndex: 'id',
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
    },
    ...(isPrivate
      ? [{ key: 'algorithm', title: t('signing_keys.column.algorithm'), dataIndex: 'signingKeyAlgorithm' }]
      : []),
    {
      key: 'status',
      title: t('signing_keys.column.status'),
      render: (_: unknown, key) => {
        const status = statusOf(key, key.index);
        if (status === 'Current') return <Tag color="green">{t('signing_keys.status.current')}</Tag>;
        if (status === 'Next') return <Tag color="blue">{t('signing_keys.status.next')}</Tag>;
        return <Tag>{t('signing_keys.status.previous')}</Tag>;
      },
    },
    {
      key: 'createdAt',
      title: t('signing_keys.column.created_at'),
      dataIndex: 'createdAt',
      render: (value: number) => formatDate(value),
    },
    {
      key: 'actions',
      title: t('signing_keys.column.actions'),
      align: 'right',
      render: (_: unknown, key) =>
        statusOf(key, key.index) === 'Previous' ? (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('signing_keys.delete.label', { id: key.id })}
            onClick={() => confirmDelete(key)}
          />
        ) : null,
    },
  ];

  return (
    <section className="gh-card gh-keys" aria-labelledby={`${keyType}-title`}>
      <div className="gh-keys-head">
        <div>
          <Typography.Title level={2} id={`${keyType}-title`} className="gh-keys-title">
            {t(`signing_keys.${section}.title`)}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t(`signing_keys.${section}.description`)}</Typography.Paragraph>
        </div>
        <Button icon={<ReloadOutlined />} loading={pending && rotating} onClick={() => setRotating(true)}>
          {t(`signing_keys.${section}.rotate`)}
        </Button>
      </div>
      {list.query.isError ? (
        <ErrorState error={list.query.error} onRetry={() => void list.query.refetch()} />
      ) : (
        <Table
          aria-label={t(`signing_keys.${section}.title`)}
          rowKey="id"
          size="middle"
          loading={list.query.isLoading}
          pagination={false}
          columns={columns}
          dataSource={keys.map((key, index) => ({ ...key, index }))}
        />
      )}
      <RotateDialog
        open={rotating}
        withAlgorithm={isPrivate}
        title={t(`signing_keys.${section}.rotate_title`)}
        description={t(`signing_keys.${section}.rotate_description`)}
        onCancel={() => setRotating(false)}
        onConfirm={async (body) => {
          try {
            await rotate(body);
            setRotating(false);
            open?.({ type: 'success', message: t('signing_keys.rotated') });
          } catch (error) {
            failed(error);
          }
        }}
      />
    </section>
  );
};
