import { LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ConsoleResource } from '../../../shared/descriptor';
import { detailPath } from '../../registry';
import { buildColumns } from '../columns';
import { useFirstScreenful } from '../first-screenful';
import { EmptyState, ErrorState } from '../states';
import { emptyFilters, filterQuery, type LogFilterValues } from './filters';
import { LogFilterBar } from './LogFilterBar';
import { useLogPages } from './use-log-pages';

interface LogEntriesProps {
  resource: ConsoleResource;
  /** Filters the list always applies (query parameter → value); the filter bar leaves them out. */
  fixed?: Record<string, string>;
}

/**
 * A log's filter bar and its entries, newest first in keyset pages; a row opens the entry's page. The log page shows
 * it whole; a detail tab of another entity (an application's logs) shows it with the tab's filter fixed.
 */
export const LogEntries = ({ resource, fixed = {} }: LogEntriesProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<LogFilterValues>(emptyFilters);
  const query = useMemo(
    () => ({ ...(resource.logFilters ? filterQuery(resource.logFilters, filters) : {}), ...fixed }),
    [resource, filters, fixed],
  );
  const pages = useLogPages(resource, query);
  const columns = useMemo(() => buildColumns(t, resource), [t, resource]);
  const { shown } = useFirstScreenful(pages.rows);
  // The refresh button spins while a refresh it asked for runs; a refresh on the way in is quiet.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void Promise.resolve(pages.query.refetch()).finally(() => setRefreshing(false));
  };
  const open = (row: Record<string, unknown>) => navigate(detailPath(resource, String(row.id)));

  return (
    <>
      <LogFilterBar resource={resource} value={filters} onChange={setFilters} hidden={Object.keys(fixed)} />
      {pages.query.isError ? (
        <ErrorState error={pages.query.error} onRetry={() => void pages.query.refetch()} />
      ) : (
        <Table<Record<string, unknown>>
          aria-label={t(resource.titleKey)}
          rowKey={(row) => String(row.id)}
          className="gh-table gh-table-clickable"
          columns={columns}
          dataSource={shown}
          // Busy while the rows shown are another page's or filter's; cached rows stay as they are while refreshed.
          loading={pages.query.isLoading || (pages.query.isFetching && pages.query.isPlaceholderData)}
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
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={refresh}>
          {t('actions.refresh')}
        </Button>
        <Button icon={<LeftOutlined className="gh-directional" />} disabled={!pages.newer} onClick={pages.newer}>
          {t('log.newer')}
        </Button>
        <Button disabled={!pages.older} onClick={pages.older}>
          {t('log.older')} <RightOutlined className="gh-directional" />
        </Button>
      </Space>
    </>
  );
};
