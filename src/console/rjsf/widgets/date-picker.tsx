import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

export interface DayPickerProps {
  id: string;
  value: number | null;
  placeholder?: string | undefined;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string | undefined;
  futureOnly: boolean;
  onChange: (value: number | null) => void;
}

/** antd's date picker over a millisecond timestamp: a picked day becomes the end of that day (local time). */
const DayPicker = ({
  id,
  value,
  placeholder,
  disabled,
  invalid,
  describedBy,
  futureOnly,
  onChange,
}: DayPickerProps) => {
  const today = dayjs().startOf('day');
  return (
    <DatePicker
      id={id}
      className="gh-date"
      value={value === null ? null : dayjs(value)}
      placeholder={placeholder}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabledDate={futureOnly ? (day: Dayjs) => day.isBefore(today) : undefined}
      onChange={(day: Dayjs | null) => onChange(day ? day.endOf('day').valueOf() : null)}
    />
  );
};

export default DayPicker;
