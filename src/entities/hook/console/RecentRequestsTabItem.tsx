import { ArrowLeftOutlined } from '@ant-design/icons';
import { type BaseRecord, useDataProvider, useOne } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Skeleton, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../console/generic/columns';
import { DetailId } from '../../../console/generic/DetailId';
import { NotFound } from '../../../console/generic/NotFound';
import type { OverridePageProps } from '../../../console/generic/override-types';
import { SectionCard } from '../../../console/generic/SectionCard';
import { ErrorState } from '../../../console/generic/states';
import { useDocumentTitle } from '../../../console/layout/use-document-title';
import type { ApiError } from '../../../console/providers/http';
import { detailPath, readPath, textNamespace } from '../../../console/registry';
import { eventLabel, findHookLog, isSuccess, logEvent, prettyJson } from './hook-logs';
import { ResultTag } from './RecentRequestsTab';

/** A labelled, indented JSON (or text) block. */
const Json = ({ label, value }: { label: string; value: unknown }) => {
  const id = useId();
  return (
    <section className="gh-field" aria-labelledby={id}>
      <span id={id} className="gh-field-label">
        {label}
      </span>
      <pre className="gh-json">{prettyJson(value)}</pre>
    </section>
  );
};

/**
 * `/webhooks/{hookId}/recent-requests/{logId}`: one delivery of a webhook, with the payload sent and the endpoint's
 * answer (status and body) or the error that prevented one.
 */
export const RecentRequestsTabItem = ({ resource, tab }: OverridePageProps) => {
  const { t } = useTranslation();
  const { id: hookId = '', itemId: logId = '' } = useParams();
  const dataProvider = useDataProvider();
  const namespace = textNamespace(resource);
  const { result: hook } = useOne<BaseRecord, ApiError>({
    resource: resource.name,
    id: hookId,
    errorNotification: false,
  });
  const query = useQuery({
    queryKey: ['hook-log', hookId, logId],
    queryFn: () => findHookLog(dataProvider(), resource, hookId, logId),
  });
  const log = query.data;
  const event = log ? logEvent(log) : '';
  useDocumentTitle(log ? eventLabel(t, namespace, event) : t('webhooks.log.title'));

  const hookName = readPath(hook, resource.detail?.titleField ?? 'name');
  const back = (
    <Link to={detailPath(resource, hookId, tab)} className="gh-back-link">
      <ArrowLeftOutlined />{' '}
      {typeof hookName === 'string' ? t('webhooks.log.back_to', { name: hookName }) : t('webhooks.log.back')}
    </Link>
  );

  if (log === null || (query.error as ApiError | null)?.statusCode === 404) return <NotFound />;
  if (query.isError) {
    return (
      <div className="gh-page">
        {back}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!log) {
    return (
      <div className="gh-page">
        {back}
        <Card>
          <Skeleton active />
        </Card>
      </div>
    );
  }

  const { payload } = log;
  const response = payload.response;
  return (
    <div className="gh-page">
      {back}
      <Card className="gh-detail-header">
        <div className="gh-detail-header-text">
          <Typography.Title level={1} className="gh-page-title">
            {eventLabel(t, namespace, event)}
          </Typography.Title>
          <div className="gh-detail-meta">
            <ResultTag success={isSuccess(log)} />
            <Typography.Text type="secondary" code>
              {event}
            </Typography.Text>
            <Typography.Text type="secondary">{formatDate(log.createdAt)}</Typography.Text>
            <DetailId id={log.id} />
          </div>
        </div>
      </Card>
      <SectionCard title={t('webhooks.log.request')} description={t('webhooks.log.request_description')}>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'url',
              label: t('webhooks.log.url'),
              children: <Typography.Text code>{payload.url ?? '-'}</Typography.Text>,
            },
            { key: 'attempts', label: t('webhooks.logs.attempts'), children: payload.attempts ?? '-' },
          ]}
        />
        <Json label={t('webhooks.log.request_body')} value={payload.request?.body ?? {}} />
      </SectionCard>
      <SectionCard title={t('webhooks.log.response')} description={t('webhooks.log.response_description')}>
        {payload.error && <Alert type="error" showIcon message={t('webhooks.log.error')} description={payload.error} />}
        {response ? (
          <>
            <Descriptions
              column={1}
              size="small"
              items={[{ key: 'status', label: t('webhooks.logs.status_code'), children: response.statusCode ?? '-' }]}
            />
            {response.body === undefined || response.body === '' ? (
              <Typography.Text type="secondary">{t('webhooks.log.empty_body')}</Typography.Text>
            ) : (
              <Json label={t('webhooks.log.response_body')} value={response.body} />
            )}
          </>
        ) : (
          !payload.error && <Typography.Text type="secondary">{t('webhooks.log.no_response')}</Typography.Text>
        )}
      </SectionCard>
    </div>
  );
};
