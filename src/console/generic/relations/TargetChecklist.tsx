import { type CrudFilter, useList } from '@refinedev/core';
import { Checkbox, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource } from '../../../shared/descriptor';
import { MAX_PAGE_SIZE, SEARCH_FIELD } from '../../providers/data-provider';
import { readPath, recordTitle } from '../../registry';
import type { Row } from '../DataTable';

export interface Picked {
  id: string;
  name: string;
  groupName?: string;
}

interface TargetChecklistProps {
  target: ConsoleResource;
  /** The parent record whose children are listed (e.g. one API resource); none for a flat list. */
  group?: Row;
  groupName?: string;
  /** List filters of the target (field → value), e.g. only machine-to-machine roles. */
  filters?: Record<string, string> | undefined;
  /** Search within the records (a flat list); groups are searched by their parent instead. */
  keyword?: string;
  assignedIds: Set<string>;
  picked: Map<string, Picked>;
  onToggle: (item: Picked, checked: boolean) => void;
}

/** The records of one group, or all records, as checkboxes; already assigned ones are checked and disabled. */
export const TargetChecklist = ({
  target,
  group,
  groupName,
  filters,
  keyword,
  assignedIds,
  picked,
  onToggle,
}: TargetChecklistProps) => {
  const { t } = useTranslation();
  const meta = target.parent && group ? { parent: { [target.parent.param]: group.id } } : undefined;
  const crudFilters: CrudFilter[] = [
    ...Object.entries(filters ?? {}).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
    ...(keyword ? [{ field: SEARCH_FIELD, operator: 'contains', value: keyword } as CrudFilter] : []),
  ];
  const { result, query } = useList<Row>({
    resource: target.name,
    meta,
    filters: crudFilters,
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE, mode: 'server' },
  });

  if (query.isLoading) return <Spin size="small" />;
  if (result.data.length === 0) {
    const empty = keyword ? t('list.no_results', { keyword }) : t(target.list.emptyKey);
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  }

  // Names look like the target's list shows them: permission names as code, role names as text.
  const nameAsCode = target.list.columns.find((column) => column.field === 'name')?.render === 'code';
  return (
    <div className="gh-checklist">
      {result.data.map((row) => {
        const id = String(row.id);
        const name = recordTitle(target, row) || id;
        const description = readPath(row, 'description');
        const assigned = assignedIds.has(id);
        return (
          <Checkbox
            key={id}
            className="gh-checklist-item"
            checked={assigned || picked.has(id)}
            disabled={assigned}
            onChange={(event) => onToggle({ id, name, groupName }, event.target.checked)}
          >
            <span className={nameAsCode ? 'gh-checklist-name gh-checklist-name-code' : 'gh-checklist-name'}>
              {name}
            </span>
            {typeof description === 'string' && description && (
              <Typography.Text type="secondary" className="gh-checklist-description">
                {description}
              </Typography.Text>
            )}
          </Checkbox>
        );
      })}
    </div>
  );
};
