import { LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ConsoleResource } from '../../../shared/descriptor';
import { useDocumentTitle } from '../../layout/use-document-title';
import { buildColumns } from '../columns';
import { PageHeader } from '../PageHeader';
import { EmptyState, ErrorState } from '../states';
import { emptyFilters, filterQuery, type LogFilterValues } from './filters';
import { LogFilterBar } from './LogFilterBar';
import { useLogPages } from './use-log-pages';

/** `/<route>` of a log: its filter bar, its entries newest first in keyset pages, a row opens the entry. */
export const LogList = ({ resource }: { resource: ConsoleResource }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t(resource.titleKey));
  const [filters, setFilters] = useState<LogFilterValues>(emptyFilters);
  const query = useMemo(
    () => (resource.logFilters ? filterQuery(resource.logFilters, filters) : {}),
    [resource, filters],
  );
  const pages = useLogPages(resource, query);
  const columns = useMemo(() => buildColumns(t, resource), [t, resource]);
  const open = (row: Record<string, unknown>) => navigate(encodeURIComponent(String(row.id)));

  return (
    <div className="gh-page">
      <PageHeader
        title={t(resource.titleKey)}
        {...(resource.subtitleKey ? { subtitle: t(resource.subtitleKey) } : {})}
      />
      <Card className="gh-list-card">
        <LogFilterBar resource={resource} value={filters} onChange={setFilters} />
        {pages.query.isError ? (
          <ErrorState error={pages.query.error} onRetry={() => void pages.query.refetch()} />
        ) : (
          <Table<Record<string, unknown>>
            aria-label={t(resource.titleKey)}
            rowKey={(row) => String(row.id)}
            className="gh-table gh-table-clickable"
            columns={columns}
            dataSource={pages.rows}
            loading={pages.query.isFetching}
            pagination={false}
            locale={{ emptyText: pages.query.isLoading ? ' ' : <EmptyState description={t(resource.list.emptyKey)} /> }}
            onRow={(row) => ({
              onClick: () => open(row),
              onKeyDown: (event) => {
                if (event.key === 'Enter') open(row);
              },
              tabIndex: 0,
            })}
          />
        )}
        <Space className="gh-log-pager">
          <Button icon={<ReloadOutlined />} onClick={() => void pages.query.refetch()}>
            {t('actions.refresh')}
          </Button>
          <Button icon={<LeftOutlined />} disabled={!pages.newer} onClick={pages.newer}>
            {t('log.newer')}
          </Button>
          <Button disabled={!pages.older} onClick={pages.older}>
            {t('log.older')} <RightOutlined />
          </Button>
        </Space>
      </Card>
    </div>
  );
};
