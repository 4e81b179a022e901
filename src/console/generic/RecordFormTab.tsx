import { useCustom } from '@refinedev/core';
import { Skeleton } from 'antd';
import { lazy } from 'react';
import type { DetailTab } from '../../shared/descriptor';
import type { DetailContext } from './detail-context';
import { ErrorState } from './states';

type FormTabModel = Extract<DetailTab, { kind: 'form' }>;

// The form's code loads with the first settings tab shown, as the detail view loads it.
const FormTab = lazy(() => import('./FormTab').then((m) => ({ default: m.FormTab })));

/**
 * A settings tab over another entity's record of this item (a SAML application's settings): the record is read at
 * the tab's read path and shown in the generic form, which saves at the tab's save path.
 */
export const RecordFormTab = ({ tab, ...context }: DetailContext & { tab: FormTabModel }) => {
  const { result, query } = useCustom<Record<string, unknown>>({
    url: tab.record?.read ?? '',
    method: 'get',
    meta: { params: { id: context.record.id } },
    errorNotification: false,
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!result?.data || query.isLoading) return <Skeleton active />;
  const refetch = async () => {
    await Promise.all([query.refetch(), context.refetch()]);
  };
  return <FormTab tab={tab} {...context} record={{ ...result.data, id: context.record.id }} refetch={refetch} />;
};
