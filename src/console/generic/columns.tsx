import { Badge, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ColumnModel, ColumnRender, ConsoleResource } from '../../shared/descriptor';
import { i18n } from '../i18n';
import { enumLabel } from '../i18n/labels';
import { isShownFor, readPath, textNamespace } from '../registry';
import { LetterAvatar } from './LetterAvatar';

type Row = Record<string, unknown>;
const MAX_TAGS = 3;

const thisYear = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const otherYear = { month: 'short', day: 'numeric', year: 'numeric' } as const;

/** A date in the console's language: `Mar 5, 09:07` this year, `Mar 5, 2024` before (`5. März, 09:07` in German). */
export const formatDate = (value: unknown): string => {
  if (typeof value !== 'number' && typeof value !== 'string') return '-';
  const date = dayjs(value);
  if (!date.isValid()) return '-';
  const options = date.year() === dayjs().year() ? thisYear : otherYear;
  return new Intl.DateTimeFormat(i18n.language, options).format(date.toDate());
};

export const renderValue = (
  t: TFunction,
  resource: ConsoleResource,
  field: string,
  render: ColumnRender,
  value: unknown,
): ReactNode => {
  const namespace = textNamespace(resource);
  if (value === undefined || value === null || value === '') {
    return render === 'status' ? null : <span className="gh-cell-empty">-</span>;
  }
  switch (render) {
    case 'code':
      return (
        <code className="gh-cell-code" title={String(value)}>
          {String(value)}
        </code>
      );
    case 'tag':
      // A flag is tagged only when set (e.g. "Default API"); `false` leaves the cell empty.
      return value === false ? null : <Tag>{enumLabel(t, namespace, field, value)}</Tag>;
    case 'tags': {
      const values = Array.isArray(value) ? value : [value];
      const shown = values.slice(0, MAX_TAGS);
      const rest = values.slice(MAX_TAGS);
      return (
        <span className="gh-tags">
          {shown.map((item) => (
            <Tag key={String(item)}>{enumLabel(t, namespace, field, item)}</Tag>
          ))}
          {rest.length > 0 && (
            <Tooltip title={rest.map((item) => enumLabel(t, namespace, field, item)).join(', ')}>
              <Tag>+{rest.length}</Tag>
            </Tooltip>
          )}
        </span>
      );
    }
    case 'date':
      return formatDate(value);
    case 'status':
      return value ? (
        <Badge status="success" text={t('common.status.enabled')} />
      ) : (
        <Badge status="default" text={t('common.status.disabled')} />
      );
    default:
      return String(value);
  }
};

export const buildColumns = (
  t: TFunction,
  resource: ConsoleResource,
  columns: ColumnModel[] = resource.list.columns,
): ColumnsType<Row> =>
  columns.map((column) => ({
    key: column.field,
    title: t(column.titleKey),
    dataIndex: column.field.split('.'),
    ellipsis: column.render === 'text' || column.render === 'code',
    render: (_: unknown, row: Row) => {
      // Tags after the value in the rows matching their condition (a suspended user's name).
      const flags = (column.flags ?? [])
        .filter((flag) => isShownFor(row, flag.when))
        .map((flag) => (
          <Tag key={flag.labelKey} color={flag.color} bordered={false} className="gh-cell-flag">
            {t(flag.labelKey)}
          </Tag>
        ));
      if (column.render === 'avatar') {
        const label = firstFilled(row, column.fallback ?? []);
        const src = readPath(row, column.field);
        return (
          <span className="gh-avatar-cell">
            <LetterAvatar
              src={typeof src === 'string' && src ? src : undefined}
              label={String(label ?? row.id ?? '')}
            />
            <span className="gh-cell-text">{String(label ?? row.id ?? '-')}</span>
            {flags}
          </span>
        );
      }
      const shown = renderCell(t, resource, column, row);
      return flags.length > 0 ? (
        <span className="gh-flagged-cell">
          {shown}
          {flags}
        </span>
      ) : (
        shown
      );
    },
  }));

/**
 * A column's value in a row (else its first filled fallback). With a label field that holds a value (a user's name
 * for their id), the label is shown instead and the value on hover.
 */
export const renderCell = (t: TFunction, resource: ConsoleResource, column: ColumnModel, row: Row): ReactNode => {
  const value = firstFilled(row, [column.field, ...(column.fallback ?? [])]);
  const label = column.labelField ? readPath(row, column.labelField) : undefined;
  if (typeof label === 'string' && label && value !== undefined && value !== null && value !== '') {
    return (
      <Tooltip title={String(value)}>
        <span className="gh-cell-text">{label}</span>
      </Tooltip>
    );
  }
  return renderValue(t, resource, column.field, column.render ?? 'text', value);
};

/** The first of the fields that holds a value (not empty, not null). */
const firstFilled = (row: Row, fields: string[]) =>
  fields.map((field) => readPath(row, field)).find((value) => value !== undefined && value !== null && value !== '');
