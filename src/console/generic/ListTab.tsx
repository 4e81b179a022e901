import { type BaseRecord, useCustom } from '@refinedev/core';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DetailTab, ListTabColumn } from '../../shared/descriptor';
import { detailPath, findResource, readPath } from '../registry';
import { formatDate } from './columns';
import type { DetailContext } from './detail-context';
import { ErrorState } from './states';

type Row = Record<string, unknown>;
type ListTabModel = Extract<DetailTab, { kind: 'list' }>;

const dash = <Typography.Text type="secondary">-</Typography.Text>;

const cell = (column: ListTabColumn, row: Row) => {
  const value = readPath(row, column.field);
  if (value === undefined || value === null || value === '') return dash;
  const linked = column.link ? findResource(column.link) : undefined;
  if (linked && row.id !== undefined) {
    return <Link to={detailPath(linked, String(row.id))}>{String(value)}</Link>;
  }
  switch (column.render) {
    case 'code':
      return <Typography.Text code>{String(value)}</Typography.Text>;
    case 'date':
      return formatDate(value);
    case 'tag':
      return <Tag>{String(value)}</Tag>;
    case 'tags': {
      const items = Array.isArray(value) ? value : [value];
      if (items.length === 0) return dash;
      return (
        <span className="gh-tags">
          {items.map((item) => {
            const label = String((column.labelField ? readPath(item, column.labelField) : item) ?? '');
            return <Tag key={String(readPath(item, 'id') ?? label)}>{label}</Tag>;
          })}
        </span>
      );
    }
    default:
      return String(value);
  }
};

/**
 * A tab listing what an item action of the API answers (a user's organizations, each with the user's roles in it):
 * the descriptor's columns, a name linking to its item's page, lists of objects as tags.
 */
export const ListTab = ({ tab, resource, record }: DetailContext & { tab: ListTabModel }) => {
  const { t } = useTranslation();
  const meta = useMemo(() => ({ params: { id: record.id } }), [record.id]);
  const { result, query } = useCustom<BaseRecord>({ url: `${resource.apiPath}/{id}/${tab.path}`, method: 'get', meta });
  const rows = useMemo(() => (Array.isArray(result.data) ? (result.data as Row[]) : []), [result.data]);
  const columns: ColumnsType<Row> = tab.columns.map((column) => ({
    key: column.field,
    title: t(column.titleKey),
    render: (_: unknown, row: Row) => cell(column, row),
  }));
  return (
    <Card className="gh-list-card">
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<Row>
          aria-label={t(tab.titleKey)}
          className="gh-table"
          rowKey={(row) => String(row.id ?? JSON.stringify(row))}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isLoading || query.isFetching}
          locale={{ emptyText: query.isLoading ? ' ' : t(tab.emptyKey) }}
          pagination={false}
        />
      )}
    </Card>
  );
};
