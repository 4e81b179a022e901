import { lazy } from 'react';
import { useParams } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';
import { isShownFor } from '../registry';
import { useDetailContext } from './detail-context';
import { NotFound } from './NotFound';
import { OverrideSlot } from './OverrideSlot';

const FormTab = lazy(() => import('./FormTab').then((m) => ({ default: m.FormTab })));
const RecordFormTab = lazy(() => import('./RecordFormTab').then((m) => ({ default: m.RecordFormTab })));
const RelationTab = lazy(() => import('./RelationTab').then((m) => ({ default: m.RelationTab })));
const LogTab = lazy(() => import('./log/LogTab').then((m) => ({ default: m.LogTab })));
const HistoryTab = lazy(() => import('./history/HistoryTab').then((m) => ({ default: m.HistoryTab })));

/** Renders the tab named in the URL by its kind: a settings form, a relation list, a registered view, a log list or the item's history. */
export const DetailTabView = ({ resource }: { resource: ConsoleResource }) => {
  const { tab: key } = useParams();
  const context = useDetailContext();
  const tab = resource.detail?.tabs.find((item) => item.key === key);
  // A tab that does not apply to this record (e.g. roles of a single page app) does not exist for it.
  if (!tab || !isShownFor(context.record, tab.when)) return <NotFound />;
  switch (tab.kind) {
    case 'form':
      return tab.record ? (
        <RecordFormTab key={`${context.record.id}:${tab.key}`} tab={tab} {...context} />
      ) : (
        <FormTab key={`${context.record.id}:${tab.key}`} tab={tab} {...context} />
      );
    case 'relation':
      return (
        <RelationTab
          key={`${context.record.id}:${tab.key}`}
          relationName={tab.relation}
          more={tab.relations}
          lists={tab.lists}
          openTarget={tab.openTarget}
          assignFilters={tab.assignFilters}
          {...context}
        />
      );
    case 'view':
      return <OverrideSlot keyName={tab.view} missing={<NotFound />} {...context} />;
    case 'log':
      return <LogTab key={`${context.record.id}:${tab.key}`} log={tab.log} filter={tab.filter} {...context} />;
    case 'history':
      return <HistoryTab key={`${context.record.id}:${tab.key}`} log={tab.log} restore={tab.restore} {...context} />;
  }
};
