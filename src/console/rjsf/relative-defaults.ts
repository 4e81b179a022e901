import dayjs, { type Dayjs } from 'dayjs';
import type { FormModel } from '../../shared/descriptor';

/**
 * The values a create form starts with that depend on the day it opens: a date field whose uiSchema says
 * `ui:options.defaultDaysAhead: n` starts n days from today, at the end of that day (as a picked day is), e.g. an
 * invitation that expires in a week unless the administrator picks another day.
 */
export const relativeDefaults = (
  uiSchema: Record<string, unknown>,
  form: FormModel,
  today: Dayjs = dayjs(),
): Record<string, number> => {
  const values: Record<string, number> = {};
  for (const field of Object.keys(form.schema.properties ?? {})) {
    const ui = uiSchema[field] as { 'ui:options'?: { defaultDaysAhead?: unknown } } | undefined;
    const days = ui?.['ui:options']?.defaultDaysAhead;
    if (typeof days === 'number' && Number.isInteger(days))
      values[field] = today.add(days, 'day').endOf('day').valueOf();
  }
  return values;
};
