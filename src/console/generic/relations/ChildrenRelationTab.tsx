import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChildrenRelation } from '../../../shared/descriptor';
import { SEARCH_FIELD } from '../../providers/data-provider';
import { findResource, readPath } from '../../registry';
import { CreateFormModal } from '../CreateFormModal';
import { buildColumns } from '../columns';
import { DataTable, type Row } from '../DataTable';
import { useConfirmDelete } from '../DeleteAction';
import type { DetailContext } from '../detail-context';
import { NotFound } from '../NotFound';
import { usePageParams } from '../use-page-params';
import { RelationToolbar } from './RelationToolbar';

/** Child records listed under their parent, with search, paging, a create modal and delete. */
export const ChildrenRelationTab = ({ relation, record }: DetailContext & { relation: ChildrenRelation }) => {
  const { t } = useTranslation();
  const child = findResource(relation.target);
  const { page, pageSize, keyword, setPage, setKeyword } = usePageParams();
  const [creating, setCreating] = useState(false);
  const confirmDelete = useConfirmDelete();
  const meta = useMemo(
    () => (child?.parent ? { parent: { [child.parent.param]: record.id } } : {}),
    [child, record.id],
  );

  const { result, query } = useList<Row>({
    resource: relation.target,
    meta,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: keyword ? [{ field: SEARCH_FIELD, operator: 'contains', value: keyword }] : [],
  });

  const columns = useMemo(() => {
    if (!child) return [];
    const base = buildColumns(t, child);
    if (!child.operations.delete) return base;
    return [
      ...base,
      {
        key: 'actions',
        width: 64,
        render: (_: unknown, row: Row) => (
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('actions.delete_named', { name: String(readPath(row, 'name') ?? row.id) })}
            onClick={(event) => {
              event.stopPropagation();
              confirmDelete({
                resource: child.name,
                id: String(row.id),
                meta,
                name: String(readPath(row, 'name') ?? row.id),
              });
            }}
          />
        ),
      },
    ];
  }, [t, child, meta, confirmDelete]);

  if (!child) return <NotFound />;
  const createButton = child.create && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t(child.create.titleKey)}
    </Button>
  );

  return (
    <Card className="gh-list-card">
      <RelationToolbar
        placeholder={t(child.list.searchPlaceholderKey)}
        keyword={keyword}
        onSearch={setKeyword}
        action={createButton}
      />
      <DataTable
        label={t(child.titleKey)}
        columns={columns}
        rows={result.data}
        total={result.total ?? 0}
        query={query}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        empty={{ text: t(child.list.emptyKey), action: createButton, keyword }}
      />
      {creating && (
        <CreateFormModal
          resource={child}
          meta={meta}
          onClose={() => setCreating(false)}
          onCreated={() => setCreating(false)}
        />
      )}
    </Card>
  );
};
