import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { lazy, Suspense } from 'react';
import { ids } from '../context';

// The picker (and its calendar) loads only when a form shows a date, not with every form.
const DayPicker = lazy(() => import('./date-picker'));

/**
 * A moment stored as milliseconds since the epoch (or null), picked as a day: the value is the end of that day in
 * the browser's time zone. `ui:options.futureOnly` disables the days before today; `ui:options.defaultDaysAhead` makes
 * a create form start that many days from today (`relative-defaults.ts`).
 */
export const DateWidget = (props: WidgetProps) => {
  const { id, value, disabled, readonly, onChange, options, placeholder, rawErrors } = props;
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <Suspense fallback={<Input id={id} disabled placeholder={placeholder} className="gh-date" />}>
      <DayPicker
        id={id}
        value={typeof value === 'number' ? value : null}
        placeholder={placeholder}
        disabled={Boolean(disabled || readonly)}
        invalid={invalid}
        describedBy={invalid ? ids.error(id) : undefined}
        futureOnly={options.futureOnly === true}
        onChange={(next) => onChange(next)}
      />
    </Suspense>
  );
};
