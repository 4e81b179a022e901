import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChildrenRelation } from '../../../shared/descriptor';
import { useAccess } from '../../access/AccessContext';
import { findResource, readPath } from '../../registry';
import { CreateFormModal } from '../CreateFormModal';
import { buildColumns } from '../columns';
import { DataTable, type Row } from '../DataTable';
import { useConfirmDelete } from '../DeleteAction';
import type { DetailContext } from '../detail-context';
import { ListToolbar } from '../ListToolbar';
import { NotFound } from '../NotFound';
import { usePagedList } from '../use-paged-list';

/** Child records listed under their parent, with search, paging, a create modal and delete. */
export const ChildrenRelationTab = ({ relation, record }: DetailContext & { relation: ChildrenRelation }) => {
  const { t } = useTranslation();
  const child = findResource(relation.target);
  const [creating, setCreating] = useState(false);
  const confirmDelete = useConfirmDelete();
  const access = useAccess();
  // Creating and deleting children needs the child entity's write scopes.
  const write = child ? access.canWrite(child) : false;
  const meta = useMemo(
    () => (child?.parent ? { parent: { [child.parent.param]: record.id } } : {}),
    [child, record.id],
  );

  const list = usePagedList({ resource: relation.target, meta });

  const columns = useMemo(() => {
    if (!child) return [];
    const base = buildColumns(t, child);
    if (!child.operations.delete || !write) return base;
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
  }, [t, child, meta, confirmDelete, write]);

  if (!child) return <NotFound />;
  const createButton = child.create && write && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t(child.create.titleKey)}
    </Button>
  );

  return (
    <Card className="gh-list-card">
      <ListToolbar
        placeholder={t(child.list.searchPlaceholderKey)}
        keyword={list.keyword}
        onSearch={list.setKeyword}
        action={createButton}
      />
      <DataTable
        label={t(child.titleKey)}
        columns={columns}
        {...list.table}
        empty={{ text: t(child.list.emptyKey), action: createButton, keyword: list.keyword }}
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
