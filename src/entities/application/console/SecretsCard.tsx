import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Alert, Button, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../console/access/AccessContext';
import { CopyField } from '../../../console/generic/CopyField';
import { CreateFormModal } from '../../../console/generic/CreateFormModal';
import { formatDate } from '../../../console/generic/columns';
import type { Row } from '../../../console/generic/DataTable';
import { useConfirmDelete } from '../../../console/generic/DeleteAction';
import type { OverrideProps } from '../../../console/generic/override-types';
import { SectionCard } from '../../../console/generic/SectionCard';
import { ErrorState } from '../../../console/generic/states';
import { requireResource } from '../../../console/registry';
import type { Application } from '../../../generated/types';

/** Application types that authenticate with a client secret. */
export const typesWithSecrets: readonly Application['type'][] = ['MachineToMachine', 'Traditional'];

/** A secret is expired once its expiry time has passed; `null` never expires. */
export const isExpired = (expiresAt: unknown, now = Date.now()) => typeof expiresAt === 'number' && expiresAt <= now;

/**
 * A new secret, right after it was created: its value masked like in the secrets table, with show and copy, and a
 * warning to keep it safe.
 */
export const NewSecretModal = ({ secret, onClose }: { secret: Row; onClose: () => void }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Modal
      open
      width={560}
      title={t('application_secrets.created.title', { name: String(secret.name) })}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="done" type="primary" onClick={onClose}>
          {t('application_secrets.created.done')}
        </Button>,
      ]}
    >
      <div className="gh-new-secret">
        <Alert type="warning" showIcon message={t('application_secrets.created.warning')} />
        <div className="gh-field">
          <label className="gh-field-label" htmlFor="application-new-secret">
            {t('application_secrets.created.label')}
          </label>
          <CopyField
            id="application-new-secret"
            value={String(secret.value ?? '')}
            name={t('application_secrets.created.label')}
            secret
            onCopied={() => setCopied(true)}
          />
          {copied && <div className="gh-field-description">{t('application_secrets.created.copied')}</div>}
        </div>
      </div>
    </Modal>
  );
};

/**
 * The client secrets of a machine-to-machine or traditional web app: name, dates, the value masked with show and
 * copy; "Create secret" (name, optional expiry) shows the new value once; delete asks first.
 */
export const SecretsCard = ({ record }: OverrideProps) => {
  const { t } = useTranslation();
  const secrets = requireResource('applicationSecret');
  const confirmDelete = useConfirmDelete();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Row | undefined>();
  // Creating and deleting secrets needs the secret entity's write scopes.
  const write = useAccess().canWrite(secrets);
  const applies = typesWithSecrets.includes(record.type);
  const meta = useMemo(() => ({ parent: { [secrets.parent?.param ?? 'id']: record.id } }), [secrets, record.id]);

  const { result, query } = useList<Row>({
    resource: secrets.name,
    meta,
    pagination: { mode: 'off' },
    queryOptions: { enabled: applies },
  });

  const columns = useMemo((): ColumnsType<Row> => {
    const title = (field: string) => t(secrets.list.columns.find((column) => column.field === field)?.titleKey ?? '');
    return [
      { key: 'name', title: title('name'), dataIndex: 'name', ellipsis: true },
      {
        key: 'value',
        title: t('application_secrets.column.value'),
        width: 320,
        render: (_: unknown, row: Row) => (
          <CopyField
            id={`application-secret-${String(row.id)}`}
            value={String(row.value ?? '')}
            name={t('application_secrets.value_of', { name: String(row.name) })}
            secret
          />
        ),
      },
      {
        key: 'createdAt',
        title: title('createdAt'),
        render: (_: unknown, row: Row) => <span className="gh-nowrap">{formatDate(row.createdAt)}</span>,
      },
      {
        key: 'expiresAt',
        title: title('expiresAt'),
        render: (_: unknown, row: Row) =>
          row.expiresAt === null || row.expiresAt === undefined ? (
            <Typography.Text type="secondary">{t('application_secrets.never')}</Typography.Text>
          ) : (
            <span className="gh-secret-expiry gh-nowrap">
              {formatDate(row.expiresAt)}
              {isExpired(row.expiresAt) && <Tag color="error">{t('application_secrets.expired')}</Tag>}
            </span>
          ),
      },
      {
        key: 'actions',
        width: 64,
        render: (_: unknown, row: Row) => {
          const name = String(row.name);
          return (
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('actions.delete_named', { name })}
              onClick={() => confirmDelete({ resource: secrets.name, id: name, meta, name })}
            />
          );
        },
      },
    ].filter((column) => write || column.key !== 'actions');
  }, [t, secrets, meta, confirmDelete, write]);

  if (!applies) return null;

  return (
    <SectionCard title={t('application_secrets.title')} description={t('application_secrets.description')}>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<Row>
          aria-label={t('application_secrets.title')}
          className="gh-table gh-secrets-table"
          rowKey={(row) => String(row.id ?? row.name)}
          size="middle"
          columns={columns}
          dataSource={result.data}
          loading={query.isLoading || query.isFetching}
          locale={{ emptyText: query.isLoading ? ' ' : t(secrets.list.emptyKey) }}
          pagination={false}
        />
      )}
      {write && (
        <div>
          <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t(secrets.create?.titleKey ?? 'application_secrets.create.title')}
          </Button>
        </div>
      )}
      {creating && (
        <CreateFormModal
          resource={secrets}
          meta={meta}
          onClose={() => setCreating(false)}
          onCreated={(secret) => {
            setCreating(false);
            setCreated(secret as Row);
          }}
        />
      )}
      {created && <NewSecretModal secret={created} onClose={() => setCreated(undefined)} />}
    </SectionCard>
  );
};
