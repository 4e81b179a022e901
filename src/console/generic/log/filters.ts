import type { LogFilterModel } from '../../../shared/entity-kinds';

/** What the filter bar holds: per range its bounds (ms), per prefix its text, per value filter its chosen values. */
export interface LogFilterValues {
  ranges: Record<string, [number, number] | undefined>;
  prefixes: Record<string, string>;
  values: Record<string, string[]>;
}

export const emptyFilters = (): LogFilterValues => ({ ranges: {}, prefixes: {}, values: {} });

/** The list's query parameters for the filters that are set (a range by its `from` and `to` parameters). */
export const filterQuery = (model: LogFilterModel, values: LogFilterValues): Record<string, string | string[]> => {
  const query: Record<string, string | string[]> = {};
  for (const range of model.ranges) {
    const bounds = values.ranges[range.from];
    if (!bounds) continue;
    query[range.from] = String(bounds[0]);
    query[range.to] = String(bounds[1]);
  }
  for (const prefix of model.prefixes) {
    const text = values.prefixes[prefix.param]?.trim();
    if (text) query[prefix.param] = text;
  }
  for (const filter of model.values) {
    const chosen = values.values[filter.param] ?? [];
    if (chosen.length > 0) query[filter.param] = filter.multiple ? chosen : (chosen[0] ?? '');
  }
  return query;
};
