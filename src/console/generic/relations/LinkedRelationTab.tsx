import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LinkedRelation } from '../../../shared/descriptor';
import { relationKeys } from '../../../shared/text-keys';
import { useResourceAccess } from '../../access/AccessContext';
import { detailPath, findResource, linkApiPath, linkSearch, readPath, recordTitle } from '../../registry';
import { buildColumns } from '../columns';
import { DataTable, type Row } from '../DataTable';
import { useConfirmDelete } from '../DeleteAction';
import type { DetailContext } from '../detail-context';
import { ListToolbar } from '../ListToolbar';
import { NotFound } from '../NotFound';
import { usePagedList } from '../use-paged-list';
import { AssignDialog } from './AssignDialog';
import { linkAttributeColumns } from './link-columns';
import { NestedLinksCell } from './NestedLinksCell';

/**
 * Records assigned to this one (e.g. a role's permissions, each with its API resource, or an application's roles,
 * or a team's members with their membership's attributes), remove and assign. `assignFilters` limit what the assign dialog offers (e.g. machine-to-machine roles only).
 */
export const LinkedRelationTab = ({
  relation,
  resource,
  record,
  assignFilters,
  titled = false,
  openTarget = false,
}: DetailContext & {
  relation: LinkedRelation;
  assignFilters?: Record<string, string> | undefined;
  /** Several relations share the tab: each card is titled with its target's name. */
  titled?: boolean;
  /** A row opens the linked item's own page. */
  openTarget?: boolean | undefined;
}) => {
  const { t } = useTranslation();
  const target = findResource(relation.target);
  const [assigning, setAssigning] = useState(false);
  const confirmDelete = useConfirmDelete();
  // Assigning and removing change this record: they need its entity's write scopes, and a side that may link
  // (a user's organizations are only listed; members are added from the organization).
  const access = useResourceAccess(resource);
  const write = access.write && !relation.readOnly;
  const navigate = useNavigate();
  const meta = useMemo(
    () => ({ apiPath: linkApiPath(relation), params: { id: record.id }, search: linkSearch(relation) }),
    [relation, record.id],
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
    // Items linked to each link (a member's roles in this organization), as tags edited in place.
    const nested: ColumnsType<Row> = (relation.nested ?? []).map((spec) => ({
      key: spec.property,
      title: t(relationKeys.nested(spec.property)),
      render: (_: unknown, row: Row) => {
        const items = readPath(row, spec.property);
        return (
          <NestedLinksCell
            path={linkApiPath({ name: spec.property, apiPath: spec.apiPath })}
            params={{ id: record.id, targetId: String(row.id) }}
            nested={spec}
            itemName={recordTitle(target, row)}
            listed={relation.target}
            write={write}
            items={Array.isArray(items) ? (items as Row[]) : []}
          />
        );
      },
    }));
    return [...own, ...embedded, ...nested, ...linkAttributeColumns(t, relation), ...(write ? remove : [])];
  }, [t, target, record.id, relation, meta, confirmDelete, write]);

  if (!target) return <NotFound />;
  const assignButton = write && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAssigning(true)}>
      {t([
        relationKeys.own('assign', resource.name, relation.name),
        relationKeys.assign(relation.target),
        'relations.assign.default',
      ])}
    </Button>
  );
  const heading = t([relationKeys.own('title', resource.name, relation.name), target.titleKey]);
  // A relation may word its empty list itself (an organization's members), else the target's wording.
  const empty = t([relationKeys.own('empty', resource.name, relation.name), relationKeys.empty(relation.target)]);

  return (
    <Card className="gh-list-card" title={titled ? heading : undefined}>
      <ListToolbar
        placeholder={t(target.list.searchPlaceholderKey)}
        keyword={list.keyword}
        onSearch={list.setKeyword}
        action={assignButton}
      />
      <DataTable
        label={heading}
        onRowClick={openTarget && target.detail ? (row) => navigate(detailPath(target, String(row.id))) : undefined}
        columns={columns}
        {...list.table}
        empty={{ text: empty, action: assignButton, keyword: list.keyword }}
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
