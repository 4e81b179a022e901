import { Button, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource } from '../../../shared/descriptor';
import { useResourceAccess } from '../../access/AccessContext';
import { enumLabel } from '../../i18n/labels';
import { textNamespace } from '../../registry';
import { formatDate } from '../columns';
import { ErrorState } from '../states';
import { usePagedList } from '../use-paged-list';
import { ChangeDiff } from './ChangeDiff';
import { useRestore } from './use-restore';

type Change = Record<string, unknown> & { id: string; entity: string };
type Version = Record<string, unknown> | null;

/**
 * Changes kept in the configuration history, newest first, each with who made it and when, its fields before and
 * after, and "Restore this version".
 */
export const HistoryEntries = ({
  history,
  restorePath,
  filters,
  onRestored,
}: {
  history: ConsoleResource;
  /** The history's restore action (`{id}`: the change). */
  restorePath: string;
  filters: Record<string, string>;
  onRestored?: () => unknown;
}) => {
  const { t } = useTranslation();
  const namespace = textNamespace(history);
  const restore = useRestore(history, restorePath, onRestored);
  // Restoring is a write: a caller who may only read sees the changes without the button.
  const { write } = useResourceAccess(history);
  const list = usePagedList({ resource: history.name, searchable: false, filters, scope: 'history' });
  const { query, rows, total, page, pageSize, onPageChange } = list.table;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <List<Change>
      loading={query.isLoading}
      dataSource={rows as Change[]}
      rowKey="id"
      locale={{ emptyText: <Typography.Text>{t('history.empty')}</Typography.Text> }}
      pagination={
        total > pageSize ? { current: page, pageSize, total, onChange: onPageChange, showSizeChanger: false } : false
      }
      renderItem={(change) => (
        <List.Item aria-label={String(change.id)}>
          <Flex vertical gap={8} className="gh-history-entry">
            <Flex justify="space-between" align="center" gap={8} wrap>
              <span>
                <Tag>{enumLabel(t, namespace, 'kind', change.kind)}</Tag>
                <Typography.Text>{t('history.by', { actor: change.actor })}</Typography.Text>{' '}
                <Typography.Text type="secondary">{formatDate(change.createdAt)}</Typography.Text>
              </span>
              {write ? (
                <Button size="small" onClick={() => restore(change)}>
                  {t('history.restore')}
                </Button>
              ) : null}
            </Flex>
            <ChangeDiff before={change.before as Version} after={change.after as Version} />
          </Flex>
        </List.Item>
      )}
    />
  );
};
