import { Card } from 'antd';
import { useMemo } from 'react';
import { findResource } from '../../registry';
import type { DetailContext } from '../detail-context';
import { NotFound } from '../NotFound';
import { LogEntries } from './LogEntries';

/**
 * A detail tab of kind `log`: the entries of a log whose filter names this item (`filter` = the item's id), e.g. an
 * application's sign-ins and token grants. The rest of the log's filter bar still applies.
 */
export const LogTab = ({ log, filter, record }: DetailContext & { log: string; filter: string }) => {
  const resource = findResource(log);
  const fixed = useMemo(() => ({ [filter]: String(record.id) }), [filter, record.id]);
  if (!resource) return <NotFound />;
  return (
    <Card className="gh-list-card">
      <LogEntries resource={resource} fixed={fixed} />
    </Card>
  );
};
