import { Card } from 'antd';
import { useMemo } from 'react';
import { findResource } from '../../registry';
import type { DetailContext } from '../detail-context';
import { NotFound } from '../NotFound';
import { HistoryEntries } from './HistoryEntries';

/** A detail tab of kind `history`: this item's changes, each as a diff with "Restore this version". */
export const HistoryTab = ({
  log,
  restore,
  resource,
  record,
  refetch,
}: DetailContext & { log: string; restore: string }) => {
  const history = findResource(log);
  const filters = useMemo(() => ({ entity: resource.name, itemId: String(record.id) }), [resource.name, record.id]);
  if (!history) return <NotFound />;
  return (
    <Card className="gh-list-card">
      <HistoryEntries history={history} restorePath={restore} filters={filters} onRestored={refetch} />
    </Card>
  );
};
