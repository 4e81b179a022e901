import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';
import { useResourceAccess } from '../access/AccessContext';
import { useDocumentTitle } from '../layout/use-document-title';
import { detailPath } from '../registry';
import { buildColumns } from './columns';
import { DataTable } from './DataTable';
import { ListToolbar } from './ListToolbar';
import { PageHeader } from './PageHeader';
import { usePagedList } from './use-paged-list';

export const ResourceList = ({ resource }: { resource: ConsoleResource }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const columns = useMemo(() => buildColumns(t, resource), [t, resource]);
  useDocumentTitle(t(resource.titleKey));

  const list = usePagedList({ resource: resource.name });
  const { write } = useResourceAccess(resource);

  const openCreate = () => navigate({ pathname: 'create', search });
  const createLabel = resource.create ? t(resource.create.titleKey) : undefined;
  // Creating needs the entity's write scopes: without them the list has no create button.
  const createButton = resource.create && write && (
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
          <ListToolbar
            placeholder={t(resource.list.searchPlaceholderKey)}
            keyword={list.keyword}
            onSearch={list.setKeyword}
          />
        )}
        <DataTable
          label={t(resource.titleKey)}
          columns={columns}
          {...list.table}
          empty={{ text: t(resource.list.emptyKey), action: createButton, keyword: list.keyword }}
          onRowClick={resource.detail ? (row) => navigate(detailPath(resource, String(row.id))) : undefined}
        />
      </Card>
      <Outlet />
    </div>
  );
};
