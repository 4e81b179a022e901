import { useList } from '@refinedev/core';
import { Card, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../generic/columns';
import { DataTable, type Row } from '../../generic/DataTable';
import { EmptyState } from '../../generic/states';
import { usePageParams } from '../../generic/use-page-params';
import { readPath, textNamespace } from '../../registry';
import type { OverrideProps } from '../types';

/** The webhook's recent deliveries: result, event and time. */
export const RecentRequestsTab = ({ resource, record }: OverrideProps) => {
  const { t } = useTranslation();
  const { page, pageSize, setPage } = usePageParams();
  const namespace = textNamespace(resource);
  const { result, query } = useList<Row>({
    resource: `${resource.name}.recent-logs`,
    meta: { apiPath: `${resource.apiPath}/{id}/recent-logs`, params: { id: record.id } },
    pagination: { currentPage: page, pageSize, mode: 'server' },
  });

  const columns = useMemo<ColumnsType<Row>>(
    () => [
      {
        key: 'status',
        title: t('webhooks.logs.status'),
        width: 140,
        render: (_, row) => {
          const ok = readPath(row, 'payload.result') === 'Success';
          return (
            <Tag color={ok ? 'success' : 'error'}>{ok ? t('webhooks.logs.success') : t('webhooks.logs.error')}</Tag>
          );
        },
      },
      {
        key: 'event',
        title: t('webhooks.logs.event'),
        render: (_, row) => {
          const key = String(readPath(row, 'key') ?? '');
          const event = key.replace(/^TriggerHook\./, '');
          return (
            <span>
              {t(`${namespace}.event.${event}`, { defaultValue: event })}{' '}
              <Typography.Text type="secondary" code>
                {event}
              </Typography.Text>
            </span>
          );
        },
      },
      {
        key: 'time',
        title: t('webhooks.logs.time'),
        width: 200,
        render: (_, row) => formatDate(readPath(row, 'createdAt')),
      },
    ],
    [t, namespace],
  );

  return (
    <Card className="gh-list-card">
      <Typography.Paragraph type="secondary">{t('webhooks.logs.description')}</Typography.Paragraph>
      <DataTable
        label={t('webhooks.tab.recent_requests')}
        columns={columns}
        rows={result.data}
        total={result.total ?? 0}
        query={query}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        empty={<EmptyState description={t('webhooks.logs.empty')} />}
      />
    </Card>
  );
};
