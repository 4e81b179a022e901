import { DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource } from '../../../shared/descriptor';
import { enumLabel } from '../../i18n/labels';
import { textNamespace } from '../../registry';
import type { LogFilterValues } from './filters';

interface LogFilterBarProps {
  resource: ConsoleResource;
  value: LogFilterValues;
  onChange: (value: LogFilterValues) => void;
  /** Filters fixed by the page (query parameters) that the bar does not offer. */
  hidden?: string[];
}

/**
 * The filters a log declares, as a bar above its list: a date and time range per range, a text box per prefix and a
 * select per value filter (several values when the filter takes several), each labelled from the descriptor.
 */
export const LogFilterBar = ({ resource, value, onChange, hidden = [] }: LogFilterBarProps) => {
  const { t } = useTranslation();
  const model = resource.logFilters;
  if (!model) return null;
  const namespace = textNamespace(resource);
  return (
    <fieldset className="gh-list-toolbar gh-log-filters" aria-label={t('log.filters')}>
      {model.ranges.map((range) => {
        const bounds = value.ranges[range.from];
        return (
          <DatePicker.RangePicker
            key={range.from}
            showTime
            aria-label={t(range.labelKey)}
            value={bounds ? [dayjs(bounds[0]), dayjs(bounds[1])] : null}
            onChange={(dates) => {
              const [from, to] = dates ?? [];
              onChange({
                ...value,
                ranges: { ...value.ranges, [range.from]: from && to ? [from.valueOf(), to.valueOf()] : undefined },
              });
            }}
          />
        );
      })}
      {model.prefixes.map((prefix) => (
        <Input.Search
          key={prefix.param}
          allowClear
          aria-label={t(prefix.labelKey)}
          placeholder={t(prefix.labelKey)}
          defaultValue={value.prefixes[prefix.param]}
          onSearch={(text) => onChange({ ...value, prefixes: { ...value.prefixes, [prefix.param]: text } })}
        />
      ))}
      {model.values
        .filter((filter) => !hidden.includes(filter.param))
        .map((filter) =>
          filter.options.length > 0 ? (
            <Select
              key={filter.param}
              allowClear
              mode={filter.multiple ? 'multiple' : undefined}
              aria-label={t(filter.labelKey)}
              placeholder={t(filter.labelKey)}
              className="gh-log-filter-select"
              value={filter.multiple ? (value.values[filter.param] ?? []) : value.values[filter.param]?.[0]}
              options={filter.options.map((option) => ({
                value: option,
                label: enumLabel(t, namespace, filter.field, option),
              }))}
              onChange={(chosen: string[] | string | undefined) => {
                const list = Array.isArray(chosen) ? chosen : chosen ? [chosen] : [];
                onChange({ ...value, values: { ...value.values, [filter.param]: list } });
              }}
            />
          ) : (
            <Input.Search
              key={filter.param}
              allowClear
              aria-label={t(filter.labelKey)}
              placeholder={t(filter.labelKey)}
              onSearch={(text) =>
                onChange({ ...value, values: { ...value.values, [filter.param]: text ? [text] : [] } })
              }
            />
          ),
        )}
    </fieldset>
  );
};
