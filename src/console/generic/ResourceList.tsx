import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';
import { useResourceAccess } from '../access/AccessContext';
import type { TabsPage } from '../feature-modules/tabs';
import { useDocumentTitle } from '../layout/use-document-title';
import { detailPath } from '../registry';
import { buildColumns } from './columns';
import { DataTable } from './DataTable';
import { ExportButton } from './ExportButton';
import { ListToolbar } from './ListToolbar';
import { PageHeader } from './PageHeader';
import { TabBar } from './TabBar';
import { usePagedList } from './use-paged-list';

/** The path of a list view: the first at the entity's route, the others below it. */
const viewPath = (resource: ConsoleResource, key: string) =>
  resource.list.views?.[0]?.key === key ? `/${resource.route}` : `/${resource.route}/${key}`;

/**
 * An entity's list page: title, create button, search, the table. On a page of tabs (`page`), the page's title and
 * its tabs (one per entity) head the list, and the create button sits next to the search. An entity whose list has
 * views (`list.views`) shows them as tabs over the list, each with its filters (`view`, the first by default).
 */
export const ResourceList = ({
  resource,
  page,
  view,
}: {
  resource: ConsoleResource;
  page?: TabsPage | undefined;
  view?: string | undefined;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const columns = useMemo(() => buildColumns(t, resource), [t, resource]);
  useDocumentTitle(page ? t(page.titleKey) : t(resource.titleKey));

  const views = resource.list.views;
  const active = views?.find((item) => item.key === view) ?? views?.[0];
  const list = usePagedList({ resource: resource.name, ...(active ? { filters: active.filters } : {}) });
  const { write } = useResourceAccess(resource);

  const openCreate = () => navigate({ pathname: 'create', search });
  const createLabel = resource.create ? t(resource.create.titleKey) : undefined;
  // Creating needs the entity's write scopes: without them the list has no create button.
  const createButton = resource.create && write && (
    <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
      {createLabel}
    </Button>
  );

  const exportButton = resource.bulk && <ExportButton resource={resource} path={resource.bulk.export} />;
  const headerActions =
    exportButton || createButton ? (
      <>
        {exportButton}
        {createButton}
      </>
    ) : undefined;
  const header = page ? (
    <>
      <PageHeader title={t(page.titleKey)} subtitle={page.subtitleKey ? t(page.subtitleKey) : undefined} />
      <TabBar
        activeKey={resource.name}
        onChange={(key) => {
          const member = page.members.find((item) => item.name === key);
          if (member) navigate(`/${member.route}`);
        }}
        items={page.members.map((member) => ({ key: member.name, label: t(member.titleKey) }))}
      />
    </>
  ) : (
    <>
      <PageHeader
        title={t(resource.titleKey)}
        subtitle={resource.subtitleKey ? t(resource.subtitleKey) : undefined}
        actions={headerActions}
      />
      {views && active && (
        <TabBar
          activeKey={active.key}
          onChange={(key) => navigate(viewPath(resource, key))}
          items={views.map((item) => ({ key: item.key, label: t(item.titleKey) }))}
        />
      )}
    </>
  );

  return (
    <div className="gh-page">
      {header}
      <Card className="gh-list-card">
        {(resource.list.searchable || page) && (
          <ListToolbar
            placeholder={t(resource.list.searchPlaceholderKey)}
            keyword={list.keyword}
            onSearch={list.setKeyword}
            action={page ? createButton : undefined}
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
