import { DeleteOutlined } from '@ant-design/icons';
import { type BaseRecord, useCustom, useCustomMutation, useNotification } from '@refinedev/core';
import { App, Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../providers/http';
import { requestFailed } from './request-failed';
import { SectionCard } from './SectionCard';
import { ErrorState } from './states';

/** One column of an `ActionListCard`: its header and how a row shows in it. */
export interface ActionListColumn<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
}

/** The remove button of each row: the API path to delete, and the texts of its button and confirmation. */
export interface ActionListRemove<Row> {
  /** The path template of the `DELETE` request for the row (`{name}` filled from `params`). */
  path: (row: Row) => string;
  /** Whether the row can be removed at all (some rows may only be listed). */
  applies?: (row: Row) => boolean;
  /** The button's text ("Unlink"), also the confirm button's. */
  text: string;
  /** The button's accessible name, which names the row and starts with `text`: "Unlink google". */
  label: (row: Row) => string;
  confirmTitle: (row: Row) => string;
  confirmText: (row: Row) => string;
  /** The toast once removed. */
  doneText: (row: Row) => string;
}

export interface ActionListCardProps<Row> {
  title: string;
  description?: string;
  /** The path template of the `GET` request listing the rows, e.g. `/users/{id}/mfa-verifications`. */
  path: string;
  /** Values of the path's `{placeholders}`, also used by the remove path. */
  params: Record<string, string>;
  /** The rows out of the answer. */
  select: (answer: unknown) => Row[];
  rowKey: (row: Row) => string;
  columns: ActionListColumn<Row>[];
  emptyText: string;
  /** Leave it out, or pass `write: false`, to list without the remove buttons. */
  remove?: ActionListRemove<Row>;
  write: boolean;
  /** Drawn under the list where the caller may write (a form adding a row), with a way to read the list again. */
  footer?: (rows: Row[], reload: () => Promise<unknown>) => ReactNode;
}

/**
 * A settings card listing what an item action of the API answers (the identities or MFA factors of a record), with
 * an optional remove button per row behind a confirmation; the list is read again after each removal. Shown only
 * when the caller may write, the button is the card's only write.
 */
export const ActionListCard = <Row,>({
  title,
  description,
  path,
  params,
  select,
  rowKey,
  columns,
  emptyText,
  remove,
  write,
  footer,
}: ActionListCardProps<Row>) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const meta = useMemo(() => ({ params }), [params]);
  const { result, query } = useCustom<BaseRecord>({ url: path, method: 'get', meta });
  const { mutateAsync } = useCustomMutation<BaseRecord, ApiError>();
  const rows = useMemo(() => (query.isSuccess ? select(result.data) : []), [query.isSuccess, result.data, select]);

  const confirmRemove = (action: ActionListRemove<Row>, row: Row) =>
    modal.confirm({
      title: action.confirmTitle(row),
      content: action.confirmText(row),
      okText: action.text,
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await mutateAsync({
            url: action.path(row),
            method: 'delete',
            values: {},
            meta,
            successNotification: false,
            errorNotification: false,
          });
          open?.({ type: 'success', message: action.doneText(row) });
        } catch (error) {
          open?.(requestFailed(t, error));
        }
        await query.refetch();
      },
    });

  const tableColumns: ColumnsType<Row> = [
    ...columns.map((column) => ({
      key: column.key,
      title: column.title,
      render: (_: unknown, row: Row) => column.render(row),
    })),
    ...(remove && write
      ? [
          {
            key: 'remove',
            align: 'right' as const,
            render: (_: unknown, row: Row) =>
              (remove.applies?.(row) ?? true) && (
                // Not a danger button: its red text on the dark theme's surface is below AA contrast; the confirmation's
                // button is the danger one.
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={remove.label(row)}
                  onClick={() => confirmRemove(remove, row)}
                >
                  {remove.text}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <SectionCard title={title} {...(description ? { description } : {})}>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<Row>
          aria-label={title}
          className="gh-table gh-action-list"
          rowKey={rowKey}
          size="middle"
          columns={tableColumns}
          dataSource={rows}
          loading={query.isLoading || query.isFetching}
          locale={{ emptyText: query.isLoading ? ' ' : emptyText }}
          pagination={false}
        />
      )}
      {write && footer && query.isSuccess && footer(rows, () => query.refetch())}
    </SectionCard>
  );
};
