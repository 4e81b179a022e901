import { ArrowLeftOutlined } from '@ant-design/icons';
import { type BaseRecord, useOne } from '@refinedev/core';
import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ConsoleResource } from '../../../shared/descriptor';
import { useDocumentTitle } from '../../layout/use-document-title';
import type { ApiError } from '../../providers/http';
import { renderCell } from '../columns';
import { DetailId } from '../DetailId';
import { NotFound } from '../NotFound';
import { SectionCard } from '../SectionCard';
import { ErrorState } from '../states';

/** `/<route>/:id` of a log: one entry, read by id, with its list columns and all of its data. Nothing to edit. */
export const LogDetail = ({ resource }: { resource: ConsoleResource }) => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t(resource.titleKey));
  const { result: entry, query } = useOne<BaseRecord, ApiError>({
    resource: resource.name,
    id,
    errorNotification: false,
  });
  if (query.isError && query.error?.statusCode === 404) return <NotFound />;
  const back = (
    <Link to={`/${resource.route}`} className="gh-back-link">
      <ArrowLeftOutlined className="gh-directional" /> {t('detail.back_to', { title: t(resource.titleKey) })}
    </Link>
  );
  let body = (
    <Card>
      <Skeleton active />
    </Card>
  );
  if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (entry) {
    body = (
      <>
        <Card className="gh-detail-header">
          <Typography.Title level={1} className="gh-page-title">
            {t(resource.titleKey)}
          </Typography.Title>
          <DetailId id={id} />
          <Descriptions
            column={1}
            size="small"
            items={resource.list.columns.map((column) => ({
              key: column.field,
              label: t(column.titleKey),
              children: renderCell(t, resource, column, entry),
            }))}
          />
        </Card>
        <SectionCard title={t('log.data')}>
          <pre className="gh-json">{JSON.stringify(entry, null, 2)}</pre>
        </SectionCard>
      </>
    );
  }
  return (
    <div className="gh-page">
      {back}
      {body}
    </div>
  );
};
