import { CloseOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, useList, useNotification } from '@refinedev/core';
import { Button, Collapse, Empty, Input, Modal, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource, LinkedRelation } from '../../../shared/descriptor';
import { relationKeys } from '../../../shared/text-keys';
import { MAX_PAGE_SIZE, SEARCH_FIELD } from '../../providers/data-provider';
import type { ApiError } from '../../providers/http';
import { findResource, linkApiPath, readPath } from '../../registry';
import type { Row } from '../DataTable';
import { requestFailed } from '../request-failed';
import { type Picked, TargetChecklist } from './TargetChecklist';

interface AssignDialogProps {
  resource: ConsoleResource;
  relation: LinkedRelation;
  /** List filters of the target (field → value): only matching records are offered. */
  filters?: Record<string, string> | undefined;
  ownerId: string;
  ownerName: string;
  onClose: () => void;
}

/**
 * Choose records to assign. Targets that belong to a parent (permissions of API resources) are grouped by parent,
 * the groups searchable; other targets (roles) are one searchable checklist. Selected ones gather on the right;
 * Assign POSTs their ids. Texts are looked up by target (`relations.assign.role`), with generic fallbacks.
 */
export const AssignDialog = ({ resource, relation, filters, ownerId, ownerName, onClose }: AssignDialogProps) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const target = findResource(relation.target);
  const groupResource = target?.parent ? findResource(target.parent.resource) : undefined;
  const searched = groupResource ?? (target?.list.searchable ? target : undefined);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Map<string, Picked>>(new Map());
  const assignPath = linkApiPath(relation);

  const assigned = useList<Row>({
    resource: relation.target,
    meta: { apiPath: assignPath, params: { id: ownerId } },
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE, mode: 'server' },
  });
  const assignedIds = useMemo(() => new Set(assigned.result.data.map((row) => String(row.id))), [assigned.result.data]);

  const groups = useList<Row>({
    resource: groupResource?.name ?? '',
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE, mode: 'server' },
    filters: keyword ? [{ field: SEARCH_FIELD, operator: 'contains', value: keyword }] : [],
    queryOptions: { enabled: Boolean(groupResource) },
  });

  const { mutate, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const toggle = (item: Picked, checked: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      if (checked) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });

  // A relation's own wording first (an organization's users are its members), then the target's, then the default.
  const byTarget = (key: 'assign' | 'assign_subtitle' | 'assigned') => [
    relationKeys.own(key, resource.name, relation.name),
    `relations.${key}.${relation.target}`,
    `relations.${key}.default`,
  ];

  const assign = () =>
    mutate(
      {
        url: assignPath,
        method: 'post',
        values: { [relation.assignField]: [...picked.keys()] },
        meta: { params: { id: ownerId } },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async () => {
          await invalidate({ resource: relation.target, invalidates: ['list'] });
          open?.({
            type: 'success',
            message: t(byTarget('assigned'), { count: picked.size, name: ownerName }),
          });
          onClose();
        },
        onError: (error) => open?.(requestFailed(t, error)),
      },
    );

  if (!target) return null;
  const title = t(byTarget('assign'));
  const groupRows = groups.result.data;
  // Names look like the target's list shows them: permission names as code, role names as text.
  const nameAsCode = target.list.columns.find((column) => column.field === 'name')?.render === 'code';

  return (
    <Modal
      open
      width={880}
      title={
        <div className="gh-modal-title">
          <div>{title}</div>
          <Typography.Text type="secondary" className="gh-modal-subtitle">
            {t(byTarget('assign_subtitle'), { name: ownerName })}
          </Typography.Text>
        </div>
      }
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
        <Button key="assign" type="primary" disabled={picked.size === 0} loading={mutation.isPending} onClick={assign}>
          {title}
        </Button>,
      ]}
    >
      <div className="gh-assign">
        <div className="gh-assign-source">
          {searched && (
            <Input.Search
              allowClear
              placeholder={t(searched.list.searchPlaceholderKey)}
              aria-label={t(searched.list.searchPlaceholderKey)}
              onSearch={(value) => setKeyword(value.trim())}
            />
          )}
          <div className="gh-assign-groups">
            {!groupResource ? (
              <TargetChecklist
                target={target}
                filters={filters}
                keyword={keyword}
                assignedIds={assignedIds}
                picked={picked}
                onToggle={toggle}
              />
            ) : groups.query.isLoading ? (
              <Spin />
            ) : groupRows.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(groupResource.list.emptyKey)} />
            ) : (
              <Collapse
                ghost
                items={groupRows.map((group) => ({
                  key: String(group.id),
                  label: (
                    <span className="gh-assign-group-label">
                      <span>{String(readPath(group, groupResource.detail?.titleField ?? 'name') ?? group.id)}</span>
                      {groupResource.detail?.subtitleField && (
                        <Typography.Text type="secondary" className="gh-assign-group-subtitle">
                          {String(readPath(group, groupResource.detail.subtitleField) ?? '')}
                        </Typography.Text>
                      )}
                    </span>
                  ),
                  children: (
                    <TargetChecklist
                      target={target}
                      filters={filters}
                      group={group}
                      groupName={String(readPath(group, 'name') ?? '')}
                      assignedIds={assignedIds}
                      picked={picked}
                      onToggle={toggle}
                    />
                  ),
                }))}
              />
            )}
          </div>
        </div>
        <section className="gh-assign-selected" aria-label={t('relations.selected', { count: picked.size })}>
          <Typography.Text strong>{t('relations.selected', { count: picked.size })}</Typography.Text>
          <div className="gh-assign-selected-list">
            {[...picked.values()].map((item) => (
              <div key={item.id} className="gh-assign-selected-item">
                <span>
                  {nameAsCode ? <Typography.Text code>{item.name}</Typography.Text> : <span>{item.name}</span>}
                  {item.groupName && <Typography.Text type="secondary"> · {item.groupName}</Typography.Text>}
                </span>
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={t('actions.remove_named', { name: item.name })}
                  onClick={() => toggle(item, false)}
                />
              </div>
            ))}
            {picked.size === 0 && <Tag bordered={false}>{t('relations.none_selected')}</Tag>}
          </div>
        </section>
      </div>
    </Modal>
  );
};
