import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, useList, useNotification } from '@refinedev/core';
import { Button, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NestedLinks, RecordCondition } from '../../../shared/descriptor';
import { MAX_PAGE_SIZE } from '../../providers/data-provider';
import type { ApiError } from '../../providers/http';
import { findResource, isShownFor, readPath, recordTitle } from '../../registry';
import type { Row } from '../DataTable';
import { requestFailed } from '../request-failed';

interface NestedLinksCellProps {
  /** The links below one listed item: `/organizations/{id}/users/{targetId}/roles`. */
  path: string;
  params: { id: string; targetId: string };
  nested: NestedLinks;
  /** The listed item's name, for labels and toasts. */
  itemName: string;
  /** The entity listed (its lists are read again after a change). */
  listed: string;
  write: boolean;
  items: Row[];
}

/**
 * The items linked to one link, as tags (a member's roles in an organization): a caller who may write removes one
 * with its tag's close button and adds some through a picker of the nested relation's target.
 */
export const NestedLinksCell = ({ path, params, nested, itemName, listed, write, items }: NestedLinksCellProps) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [adding, setAdding] = useState(false);
  const target = findResource(nested.target ?? '');
  const { mutate, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const targetTitle = target ? t(target.titleKey) : nested.property;

  const run = (
    request: { url: string; method: 'post' | 'delete'; values: Record<string, unknown> },
    success: string,
    done?: () => void,
  ) =>
    mutate(
      { ...request, meta: { params }, successNotification: false, errorNotification: false },
      {
        onSuccess: async () => {
          await invalidate({ resource: listed, invalidates: ['list'] });
          open?.({ type: 'success', message: success });
          done?.();
        },
        onError: (error) => open?.(requestFailed(t, error)),
      },
    );

  const remove = (item: Row) => {
    const name = recordTitle(target, item);
    run(
      { url: `${path}/${encodeURIComponent(String(item.id))}`, method: 'delete', values: {} },
      t('relations.nested.removed', { name, item: itemName }),
    );
  };

  return (
    <Space size={[4, 4]} wrap>
      {items.map((item) => {
        const name = recordTitle(target, item);
        return (
          <Tag key={String(item.id)} className="gh-nested-tag">
            {name}
            {write && (
              <Button
                type="text"
                size="small"
                className="gh-nested-tag-remove"
                icon={<CloseOutlined />}
                aria-label={t('relations.nested.remove', { name, item: itemName })}
                onClick={() => remove(item)}
              />
            )}
          </Tag>
        );
      })}
      {items.length === 0 && !write && <Typography.Text type="secondary">-</Typography.Text>}
      {write && (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          aria-label={t('relations.nested.add', { target: targetTitle, item: itemName })}
          onClick={() => setAdding(true)}
        />
      )}
      {adding && target && nested.assignField && (
        <AddNestedDialog
          title={t('relations.nested.add', { target: targetTitle, item: itemName })}
          target={target.name}
          offer={nested.offer}
          taken={new Set(items.map((item) => String(item.id)))}
          pending={mutation.isPending}
          onClose={() => setAdding(false)}
          onAdd={(ids) =>
            run(
              { url: path, method: 'post', values: { [nested.assignField as string]: ids } },
              t('relations.nested.added', { target: targetTitle, item: itemName }),
              () => setAdding(false),
            )
          }
        />
      )}
    </Space>
  );
};

const AddNestedDialog = ({
  title,
  target,
  offer,
  taken,
  pending,
  onClose,
  onAdd,
}: {
  title: string;
  target: string;
  /** Only the targets matching it are offered (a member's user-type roles). */
  offer: RecordCondition | undefined;
  taken: Set<string>;
  pending: boolean;
  onClose: () => void;
  onAdd: (ids: string[]) => void;
}) => {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const resource = findResource(target);
  const { result, query } = useList<Row>({
    resource: target,
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE, mode: 'server' },
  });
  const options = result.data
    .filter((row) => !taken.has(String(row.id)) && isShownFor(row, offer))
    .map((row) => ({
      value: String(row.id),
      label: recordTitle(resource, row),
      title: String(readPath(row, 'description') ?? ''),
    }));
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
        <Button key="add" type="primary" disabled={picked.length === 0} loading={pending} onClick={() => onAdd(picked)}>
          {t('relations.nested.save')}
        </Button>,
      ]}
    >
      <Select
        className="gh-select"
        mode="multiple"
        allowClear
        autoFocus
        optionFilterProp="label"
        loading={query.isLoading}
        aria-label={title}
        style={{ width: '100%' }}
        value={picked}
        onChange={setPicked}
        options={options}
      />
    </Modal>
  );
};
