import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstScreenful } from './first-screenful';
import { EmptyState, ErrorState } from './states';

export type Row = Record<string, unknown> & { id?: string | number };

interface ListQuery {
  isLoading: boolean;
  isFetching: boolean;
  /** The rows shown are another page's or search's, kept while this one loads. */
  isPlaceholderData?: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface DataTableProps {
  label: string;
  columns: ColumnsType<Row>;
  rows: Row[];
  total: number;
  /** The total is the server's estimate (`Total-Number-Is-Estimated`): it reads "about 250,000". */
  totalEstimated?: boolean;
  query: ListQuery;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** What an empty list says; while a search keyword is set, it says nothing matched it instead. */
  empty: { text: string; action?: ReactNode; keyword?: string };
  onRowClick?: (row: Row) => void;
}

/**
 * A list table with loading, empty, error (Retry) states and server paging. A list seen before shows its cached rows at
 * once and refreshes them quietly.
 */
export const DataTable = ({
  label,
  columns,
  rows,
  total,
  totalEstimated = false,
  query,
  page,
  pageSize,
  onPageChange,
  empty,
  onRowClick,
}: DataTableProps) => {
  const { t } = useTranslation();
  const { shown, complete } = useFirstScreenful(rows);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<Row>
      aria-label={label}
      rowKey={(row) => String(row.id)}
      className={onRowClick ? 'gh-table gh-table-clickable' : 'gh-table'}
      columns={columns}
      dataSource={shown}
      // Busy while the rows shown are not this page's yet; rows from the cache stay as they are while they are checked
      // again in the background.
      loading={query.isLoading || (query.isFetching && query.isPlaceholderData === true)}
      locale={{
        emptyText: query.isLoading ? (
          ' '
        ) : (
          <EmptyState
            description={empty.keyword ? t('list.no_results', { keyword: empty.keyword }) : empty.text}
            action={!empty.keyword && empty.action}
          />
        ),
      }}
      pagination={
        complete && (total > pageSize || page > 1)
          ? {
              current: page,
              pageSize,
              total,
              showSizeChanger: false,
              onChange: onPageChange,
              showTotal: (count) => t(totalEstimated ? 'list.total_estimated' : 'list.total', { count }),
            }
          : false
      }
      onRow={
        onRowClick
          ? (row) => ({
              onClick: () => onRowClick(row),
              onKeyDown: (event) => {
                if (event.key === 'Enter') onRowClick(row);
              },
              tabIndex: 0,
            })
          : undefined
      }
    />
  );
};
