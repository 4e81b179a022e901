import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilteredList } from '../../../shared/descriptor';
import { useAccess } from '../../access/AccessContext';
import { findResource, recordTitle } from '../../registry';
import { CreateFormModal } from '../CreateFormModal';
import { buildColumns } from '../columns';
import { DataTable, type Row } from '../DataTable';
import { useConfirmDelete } from '../DeleteAction';
import type { DetailContext } from '../detail-context';
import { ListToolbar } from '../ListToolbar';
import { NotFound } from '../NotFound';
import { usePagedList } from '../use-paged-list';
import { RowActions } from './RowActions';

/**
 * Another entity's records naming this item, in a titled card below a tab's relations (an organization's
 * invitations): the entity's list columns and row actions, its create dialog with the naming field set, delete.
 */
export const FilteredListCard = ({ list: spec, record }: DetailContext & { list: FilteredList }) => {
  const { t } = useTranslation();
  const listed = findResource(spec.entity);
  const [creating, setCreating] = useState(false);
  const confirmDelete = useConfirmDelete();
  const access = useAccess();
  const write = listed ? access.canWrite(listed) : false;
  const filters = useMemo(() => ({ [spec.filter]: String(record.id) }), [spec.filter, record.id]);
  const list = usePagedList({
    resource: spec.entity,
    filters,
    searchable: listed?.list.searchable ?? false,
    scope: spec.entity,
  });
  const refetch = list.table.query.refetch;

  const columns = useMemo(() => {
    if (!listed) return [];
    const base = buildColumns(t, listed);
    const removable = Boolean(listed.operations.delete) && write;
    const hasActions = (listed.list.actions ?? []).length > 0 && write;
    if (!removable && !hasActions) return base;
    return [
      ...base,
      {
        key: 'actions',
        align: 'right' as const,
        render: (_: unknown, row: Row) => {
          const name = recordTitle(listed, row);
          return (
            <>
              {hasActions && <RowActions resource={listed} row={row} name={name} refetch={refetch} />}
              {removable && (
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('actions.delete_named', { name })}
                  onClick={(event) => {
                    event.stopPropagation();
                    confirmDelete({ resource: listed.name, id: String(row.id), name, onDeleted: refetch });
                  }}
                />
              )}
            </>
          );
        },
      },
    ];
  }, [t, listed, write, confirmDelete, refetch]);

  if (!listed) return <NotFound />;
  const heading = t(listed.titleKey);
  const createButton = listed.create && write && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t(listed.create.titleKey)}
    </Button>
  );
  return (
    <Card className="gh-list-card" title={heading}>
      {(listed.list.searchable || createButton) && (
        <ListToolbar
          placeholder={t(listed.list.searchPlaceholderKey)}
          keyword={list.keyword}
          onSearch={list.setKeyword}
          searchable={listed.list.searchable}
          action={createButton}
        />
      )}
      <DataTable
        label={heading}
        columns={columns}
        {...list.table}
        empty={{ text: t(listed.list.emptyKey), action: createButton, keyword: list.keyword }}
      />
      {creating && (
        <CreateFormModal
          resource={listed}
          fixed={{ [spec.field]: record.id }}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void refetch();
          }}
        />
      )}
    </Card>
  );
};
