import { PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Button, Card, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';
import { useDocumentTitle } from '../layout/use-document-title';
import { SEARCH_FIELD } from '../providers/data-provider';
import { detailPath } from '../registry';
import { buildColumns } from './columns';
import { DataTable, type Row } from './DataTable';
import { PageHeader } from './PageHeader';
import { usePageParams } from './use-page-params';

export const ResourceList = ({ resource }: { resource: ConsoleResource }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { page, pageSize, keyword, setPage, setKeyword } = usePageParams();
  const columns = useMemo(() => buildColumns(t, resource), [t, resource]);
  useDocumentTitle(t(resource.titleKey));

  const { result, query } = useList<Row>({
    resource: resource.name,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: keyword ? [{ field: SEARCH_FIELD, operator: 'contains', value: keyword }] : [],
  });

  const openCreate = () => navigate({ pathname: 'create', search });
  const createLabel = resource.create ? t(resource.create.titleKey) : undefined;
  const createButton = resource.create && (
    <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
      {createLabel}
    </Button>
  );

  return (
    <div className="gh-page">
      <PageHeader
        title={t(resource.titleKey)}
        subtitle={resource.subtitleKey ? t(resource.subtitleKey) : undefined}
        actions={createButton}
      />
      <Card className="gh-list-card">
        {resource.list.searchable && (
          <div className="gh-list-toolbar">
            <Input.Search
              key={keyword}
              className="gh-search"
              allowClear
              defaultValue={keyword}
              placeholder={t(resource.list.searchPlaceholderKey)}
              aria-label={t(resource.list.searchPlaceholderKey)}
              onSearch={(value) => setKeyword(value.trim())}
            />
          </div>
        )}
        <DataTable
          label={t(resource.titleKey)}
          columns={columns}
          rows={result.data}
          total={result.total ?? 0}
          query={query}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          empty={{ text: t(resource.list.emptyKey), action: createButton, keyword }}
          onRowClick={resource.detail ? (row) => navigate(detailPath(resource, String(row.id))) : undefined}
        />
      </Card>
      <Outlet />
    </div>
  );
};
