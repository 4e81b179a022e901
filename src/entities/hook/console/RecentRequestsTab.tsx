import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../console/generic/columns';
import { DataTable, type Row } from '../../../console/generic/DataTable';
import type { OverrideProps } from '../../../console/generic/override-types';
import { usePagedList } from '../../../console/generic/use-paged-list';
import { readPath, textNamespace } from '../../../console/registry';
import { eventLabel, isSuccess, logEvent, logsResource } from './hook-logs';

const dash = <Typography.Text type="secondary">-</Typography.Text>;

export const ResultTag = ({ success }: { success: boolean }) => {
  const { t } = useTranslation();
  return (
    <Tag color={success ? 'success' : 'error'}>{success ? t('webhooks.logs.success') : t('webhooks.logs.error')}</Tag>
  );
};

/** The webhook's recent deliveries (result, event, HTTP status, attempts, time); a row opens the delivery. */
export const RecentRequestsTab = ({ resource, record }: OverrideProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const namespace = textNamespace(resource);
  const logs = logsResource(resource);
  const list = usePagedList({
    resource: logs.resource,
    meta: { apiPath: logs.apiPath, params: { hookId: record.id } },
    searchable: false,
  });

  const columns = useMemo<ColumnsType<Row>>(
    () => [
      {
        key: 'result',
        title: t('webhooks.logs.result'),
        width: 120,
        render: (_, row) => <ResultTag success={isSuccess(row)} />,
      },
      {
        key: 'event',
        title: t('webhooks.logs.event'),
        render: (_, row) => {
          const event = logEvent(row);
          return (
            <span>
              {eventLabel(t, namespace, event)}{' '}
              <Typography.Text type="secondary" code>
                {event}
              </Typography.Text>
            </span>
          );
        },
      },
      {
        key: 'status',
        title: t('webhooks.logs.status_code'),
        width: 140,
        render: (_, row) => {
          const status = readPath(row, 'payload.response.statusCode');
          return typeof status === 'number' ? status : dash;
        },
      },
      {
        key: 'attempts',
        title: t('webhooks.logs.attempts'),
        width: 120,
        render: (_, row) => {
          const attempts = readPath(row, 'payload.attempts');
          return typeof attempts === 'number' ? attempts : dash;
        },
      },
      {
        key: 'time',
        title: t('webhooks.logs.time'),
        width: 180,
        render: (_, row) => formatDate(readPath(row, 'createdAt')),
      },
    ],
    [t, namespace],
  );

  return (
    <Card className="gh-list-card">
      <div className="gh-list-toolbar">
        <Typography.Text type="secondary">{t('webhooks.logs.description')}</Typography.Text>
        <span className="gh-toolbar-spacer" />
        <Button
          icon={<ReloadOutlined />}
          loading={list.table.query.isFetching}
          onClick={() => void list.table.query.refetch()}
        >
          {t('actions.refresh')}
        </Button>
      </div>
      <DataTable
        label={t('webhooks.tab.recent_requests')}
        columns={columns}
        {...list.table}
        empty={{ text: t('webhooks.logs.empty') }}
        onRowClick={(row) => navigate(encodeURIComponent(String(row.id)))}
      />
    </Card>
  );
};
