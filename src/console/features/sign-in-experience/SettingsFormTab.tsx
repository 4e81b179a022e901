import { Card, Skeleton } from 'antd';
import type { DetailContext } from '../../generic/detail-context';
import { FormTab } from '../../generic/FormTab';
import { ErrorState } from '../../generic/states';
import { settingsResource } from './use-settings-form';
import { descriptorTab, useSettingsRecord } from './use-settings-record';

/**
 * Some fields of one of the sign-in experience descriptor's form tabs, as the generated settings page shows them
 * (sections, validation, save bar saving through PATCH, unsaved-changes guard).
 */
export const SettingsFormTab = ({ tabKey, fields }: { tabKey: string; fields?: readonly string[] }) => {
  const { result, query } = useSettingsRecord();
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!result) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return (
    <FormTab
      key={`${tabKey}:${fields?.join(',') ?? ''}`}
      tab={descriptorTab(tabKey)}
      resource={settingsResource}
      record={result as DetailContext['record']}
      refetch={() => query.refetch()}
      {...(fields ? { fields } : {})}
    />
  );
};
