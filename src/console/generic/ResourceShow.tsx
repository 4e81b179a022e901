import { ArrowLeftOutlined } from '@ant-design/icons';
import { type BaseRecord, useOne } from '@refinedev/core';
import { Alert, Card, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';
import { useResourceAccess } from '../access/AccessContext';
import { enumLabel } from '../i18n/labels';
import { useDocumentTitle } from '../layout/use-document-title';
import type { ApiError } from '../providers/http';
import { isShownFor, readPath, recordTitle, textNamespace } from '../registry';
import { ActionsMenu, useConfirmDelete } from './DeleteAction';
import { DetailId } from './DetailId';
import { useDetailActions } from './detail-actions';
import type { DetailContext } from './detail-context';
import { NotFound } from './NotFound';
import { ErrorState } from './states';
import { TabBar } from './TabBar';

/** `/<route>/:id/*`: header (name, subtitle, tags, id with copy, actions) and the descriptor's tabs as routes. */
export const ResourceShow = ({ resource }: { resource: ConsoleResource }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', tab } = useParams();
  const confirmDelete = useConfirmDelete();
  const { write } = useResourceAccess(resource);
  const { result: record, query } = useOne<BaseRecord, ApiError>({
    resource: resource.name,
    id,
    errorNotification: false,
  });
  const detail = resource.detail;
  const loadedName = record && detail ? recordTitle(resource, record) : undefined;
  const menuItems = useDetailActions({
    resource,
    record: (record ?? {}) as Record<string, unknown>,
    name: String(loadedName ?? id),
    refetch: () => query.refetch(),
  });
  const loadedTitle = loadedName;
  useDocumentTitle(typeof loadedTitle === 'string' ? loadedTitle : t(resource.titleKey));

  if (!detail) return <NotFound />;
  if (query.isError && query.error?.statusCode === 404) return <NotFound />;

  const back = (
    <Link to={`/${resource.route}`} className="gh-back-link">
      <ArrowLeftOutlined className="gh-directional" /> {t('detail.back_to', { title: t(resource.titleKey) })}
    </Link>
  );
  if (query.isError) {
    return (
      <div className="gh-page">
        {back}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!record) {
    return (
      <div className="gh-page">
        {back}
        <Card>
          <Skeleton active />
        </Card>
      </div>
    );
  }

  const title = recordTitle(resource, record) || id;
  const subtitle = detail.subtitleField ? readPath(record, detail.subtitleField) : undefined;
  const context: DetailContext = {
    resource,
    record: record as DetailContext['record'],
    refetch: () => query.refetch(),
  };
  const onDelete = () =>
    confirmDelete({
      resource: resource.name,
      id,
      name: title,
      leaveTo: `/${resource.route}`,
    });

  return (
    <div className="gh-page">
      {back}
      <Card className="gh-detail-header">
        <div className="gh-detail-header-main">
          <div className="gh-detail-header-text">
            <Typography.Title level={1} className="gh-page-title">
              {title}
            </Typography.Title>
            <div className="gh-detail-meta">
              {typeof subtitle === 'string' && subtitle && (
                <Typography.Text type="secondary">{subtitle}</Typography.Text>
              )}
              {detail.tags.map((field) => {
                const value = readPath(record, field);
                // A flag shows its tag only when set (`isDefault` → "Default API").
                return value === undefined || value === null || value === false ? null : (
                  <Tag key={field}>{enumLabel(t, textNamespace(resource), field, value)}</Tag>
                );
              })}
              <DetailId id={id} />
            </div>
          </div>
          {write && (resource.operations.delete || menuItems.length > 0) && (
            <ActionsMenu onDelete={resource.operations.delete ? onDelete : undefined} items={menuItems} />
          )}
        </div>
      </Card>
      {(detail.banners ?? [])
        .filter((banner) => isShownFor(record, banner.when))
        .map((banner) => (
          <Alert
            key={banner.messageKey}
            className="gh-detail-banner"
            type={banner.type ?? 'info'}
            showIcon
            message={t(banner.messageKey)}
          />
        ))}
      <TabBar
        activeKey={tab}
        onChange={(key) => navigate(key)}
        items={detail.tabs
          .filter((item) => isShownFor(record, item.when))
          .map((item) => ({ key: item.key, label: t(item.titleKey) }))}
      />
      <Outlet context={context} />
    </div>
  );
};
