import { useList } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import type { RecordCondition } from '../../../shared/descriptor';
import { MAX_PAGE_SIZE } from '../../providers/data-provider';
import { findResource, isShownFor, recordTitle } from '../../registry';
import { ids } from '../context';

/**
 * A list of ids as a searchable multi-select of another entity's records (`ui:options.resource`), each shown by its
 * title: the organization permissions a new organization role grants. `ui:options.only` offers only the records
 * matching a condition (user-type organization roles for an invitation).
 */
export const EntityPickerWidget = (props: WidgetProps) => {
  const { id, value, disabled, readonly, onChange, options, placeholder } = props;
  const target = findResource(String(options.resource ?? ''));
  const { result, query } = useList<Record<string, unknown>>({
    resource: target?.name ?? '',
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE, mode: 'server' },
    queryOptions: { enabled: Boolean(target) },
  });
  const only = options.only as RecordCondition | undefined;
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  return (
    <Select
      id={id}
      className="gh-select"
      mode="multiple"
      allowClear
      optionFilterProp="label"
      loading={query.isLoading}
      value={Array.isArray(value) ? value : []}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={(next: string[]) => onChange(next.length > 0 ? next : undefined)}
      status={invalid ? 'error' : undefined}
      aria-labelledby={ids.label(id)}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? ids.error(id) : undefined}
      options={result.data
        .filter((row) => isShownFor(row, only))
        .map((row) => ({ value: String(row.id), label: recordTitle(target, row) }))}
    />
  );
};
