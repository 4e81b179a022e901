import { Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldChange, fieldDiff, isSecretDigest } from '../../../shared/field-diff';

type Version = Record<string, unknown> | null | undefined;

/**
 * One side of a changed field: text as it is, other values as JSON, a secret only as "changed". The value before is
 * marked removed (`del`) and the value after inserted (`ins`), as a diff reads.
 */
const Value = ({ value, side }: { value: unknown; side: 'before' | 'after' }) => {
  const { t } = useTranslation();
  if (value === undefined || value === null) return <span className="gh-cell-empty">-</span>;
  if (isSecretDigest(value)) return <Typography.Text>{t('history.secret')}</Typography.Text>;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 1);
  return side === 'before' ? <del className="gh-diff-value">{text}</del> : <ins className="gh-diff-value">{text}</ins>;
};

/** Changed fields, by path, each with the value before and after. */
export const ChangeTable = ({ changes }: { changes: FieldChange[] }) => {
  const { t } = useTranslation();
  if (changes.length === 0) return <Typography.Text type="secondary">{t('history.no_fields')}</Typography.Text>;
  return (
    <Table<FieldChange>
      size="small"
      pagination={false}
      rowKey="path"
      dataSource={changes}
      columns={[
        {
          key: 'path',
          title: t('history.column.field'),
          render: (_, change) => <code className="gh-cell-code">{change.path}</code>,
        },
        {
          key: 'before',
          title: t('history.column.before'),
          render: (_, change) => <Value value={change.before} side="before" />,
        },
        {
          key: 'after',
          title: t('history.column.after'),
          render: (_, change) => <Value value={change.after} side="after" />,
        },
      ]}
    />
  );
};

/** The fields one change added, removed or changed, by path, each with the value before and after. */
export const ChangeDiff = ({ before, after }: { before: Version; after: Version }) => {
  const changes = useMemo(() => fieldDiff(before, after), [before, after]);
  return <ChangeTable changes={changes} />;
};
