import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { LinkedRelation } from '../../../shared/descriptor';
import { relationKeys } from '../../../shared/text-keys';
import { readPath } from '../../registry';
import { formatDate } from '../columns';

type Row = Record<string, unknown>;

/**
 * Columns for the attributes each linked item carries from its link (a membership's note, expiry and join date),
 * when the relation lists them (`attributesAs`); none otherwise.
 */
export const linkAttributeColumns = (t: TFunction, relation: LinkedRelation): ColumnsType<Row> => {
  const holder = relation.attributesAs;
  if (!holder) return [];
  return relation.attributes.map(({ field, render }) => ({
    key: `${holder}.${field}`,
    title: t(relationKeys.attribute(field)),
    ellipsis: true,
    render: (_: unknown, row: Row) => {
      const value = readPath(row, `${holder}.${field}`);
      if (value === undefined || value === null || value === '') {
        return <Typography.Text type="secondary">-</Typography.Text>;
      }
      return render === 'date' ? formatDate(value) : String(value);
    },
  }));
};
