import { type BaseRecord, useOne } from '@refinedev/core';
import { Card, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource, DetailTab } from '../../shared/descriptor';
import { useDocumentTitle } from '../layout/use-document-title';
import type { ApiError } from '../providers/http';
import type { DetailContext } from './detail-context';
import { PageHeader } from './PageHeader';
import { ErrorState } from './states';
import { TabBar } from './TabBar';

const FormTab = lazy(() => import('./FormTab').then((m) => ({ default: m.FormTab })));
type FormTabModel = Extract<DetailTab, { kind: 'form' }>;

/**
 * `/<route>` of a singleton: the tenant's one record as a settings page, its descriptor's form tabs (sections, save
 * and discard, server errors on their fields) and no list, create or delete. The record is read and saved at the
 * entity's path, without an id.
 */
export const SettingsPage = ({ resource }: { resource: ConsoleResource }) => {
  const { t } = useTranslation();
  useDocumentTitle(t(resource.titleKey));
  const tabs = (resource.detail?.tabs ?? []).filter((tab): tab is FormTabModel => tab.kind === 'form');
  const [active, setActive] = useState(tabs.find((tab) => tab.default)?.key ?? tabs[0]?.key);
  const { result: record, query } = useOne<BaseRecord, ApiError>({
    resource: resource.name,
    id: resource.name,
    errorNotification: false,
  });
  const tab = tabs.find((item) => item.key === active) ?? tabs[0];
  const loading = (
    <Card>
      <Skeleton active />
    </Card>
  );

  let body = loading;
  if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (record && tab) {
    const context: DetailContext = {
      resource,
      record: record as DetailContext['record'],
      refetch: () => query.refetch(),
    };
    body = (
      <Suspense fallback={loading}>
        <FormTab key={tab.key} tab={tab} {...context} />
      </Suspense>
    );
  }
  return (
    <div className="gh-page">
      <PageHeader
        title={t(resource.titleKey)}
        {...(resource.subtitleKey ? { subtitle: t(resource.subtitleKey) } : {})}
      />
      {tabs.length > 1 && (
        <TabBar
          activeKey={tab?.key}
          onChange={setActive}
          items={tabs.map((item) => ({ key: item.key, label: t(item.titleKey) }))}
        />
      )}
      {body}
    </div>
  );
};
