import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkedRelation } from '../../../shared/descriptor';
import { relationKeys } from '../../../shared/text-keys';
import { useResourceAccess } from '../../access/AccessContext';
import { findResource, readPath, recordTitle } from '../../registry';
import { buildColumns } from '../columns';
import { DataTable, type Row } from '../DataTable';
import { useConfirmDelete } from '../DeleteAction';
import type { DetailContext } from '../detail-context';
import { ListToolbar } from '../ListToolbar';
import { NotFound } from '../NotFound';
import { usePagedList } from '../use-paged-list';
import { AssignDialog } from './AssignDialog';
import { linkAttributeColumns } from './link-columns';

/**
 * Records assigned to this one (e.g. a role's permissions, each with its API resource, or an application's roles,
 * or a team's members with their membership's attributes), remove and assign. `assignFilters` limit what the assign dialog offers (e.g. machine-to-machine roles only).
 */
export const LinkedRelationTab = ({
  relation,
  resource,
  record,
  assignFilters,
}: DetailContext & { relation: LinkedRelation; assignFilters?: Record<string, string> | undefined }) => {
  const { t } = useTranslation();
  const target = findResource(relation.target);
  const [assigning, setAssigning] = useState(false);
  const confirmDelete = useConfirmDelete();
  // Assigning and removing change this record: they need its entity's write scopes.
  const { write } = useResourceAccess(resource);
  const meta = useMemo(
    () => ({ apiPath: `${resource.apiPath}/{id}/${relation.name}`, params: { id: record.id } }),
    [resource.apiPath, relation.name, record.id],
  );

  const list = usePagedList({ resource: relation.target, meta });

  const columns = useMemo(() => {
    if (!target) return [];
    const own = buildColumns(
      t,
      target,
      target.list.columns.filter((column) => column.render !== 'date'),
    );
    const embedded: ColumnsType<Row> = (relation.embed ?? []).map((embed) => ({
      key: embed.property,
      title: t(relationKeys.embedded(embed.target)),
      ellipsis: true,
      render: (_: unknown, row: Row) => (
        <Typography.Text>
          {String(readPath(row, `${embed.property}.name`) ?? readPath(row, embed.foreignKey) ?? '-')}
        </Typography.Text>
      ),
    }));
    const remove: ColumnsType<Row> = [
      {
        key: 'actions',
        width: 64,
        render: (_: unknown, row: Row) => {
          const name = recordTitle(target, row);
          return (
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('actions.remove_named', { name })}
              onClick={() => confirmDelete({ resource: target.name, id: String(row.id), meta, name, kind: 'remove' })}
            />
          );
        },
      },
    ];
    return [...own, ...embedded, ...linkAttributeColumns(t, relation), ...(write ? remove : [])];
  }, [t, target, relation, meta, confirmDelete, write]);

  if (!target) return <NotFound />;
  const assignButton = write && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAssigning(true)}>
      {t(relationKeys.assign(relation.target), { defaultValue: t('relations.assign.default') })}
    </Button>
  );

  return (
    <Card className="gh-list-card">
      <ListToolbar
        placeholder={t(target.list.searchPlaceholderKey)}
        keyword={list.keyword}
        onSearch={list.setKeyword}
        action={assignButton}
      />
      <DataTable
        label={t(target.titleKey)}
        columns={columns}
        {...list.table}
        empty={{ text: t(relationKeys.empty(relation.target)), action: assignButton, keyword: list.keyword }}
      />
      {assigning && (
        <AssignDialog
          resource={resource}
          relation={relation}
          filters={assignFilters}
          ownerId={record.id}
          ownerName={recordTitle(resource, record)}
          onClose={() => setAssigning(false)}
        />
      )}
    </Card>
  );
};
