import { type BaseInputTemplateProps, getInputProps } from '@rjsf/utils';
import { Input, InputNumber } from 'antd';
import type { ChangeEvent } from 'react';
import { ids, isMarkedRequired } from '../context';

/**
 * Text and number inputs; invalid inputs are marked and point at their error text. Number inputs take any number:
 * limits and whole numbers are the schema's to check, so a value out of range gets a field error instead of being
 * silently clamped or rounded.
 */
export const BaseInputTemplate = (props: BaseInputTemplateProps) => {
  const { id, htmlName, value, type, schema, options, placeholder, disabled, readonly, autofocus, rawErrors } = props;
  const { onChange, onChangeOverride, onBlur, onFocus } = props;
  const inputProps = getInputProps(schema, type, options, false);
  const invalid = (rawErrors?.length ?? 0) > 0;
  const common = {
    id,
    name: htmlName || id,
    placeholder,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    status: invalid ? ('error' as const) : undefined,
    'aria-invalid': invalid || undefined,
    'aria-required': isMarkedRequired(props) || undefined,
    'aria-describedby': invalid ? ids.error(id) : undefined,
  };

  if (inputProps.type === 'number' || inputProps.type === 'integer') {
    return (
      <InputNumber
        {...common}
        className="gh-input-number"
        value={typeof value === 'number' ? value : null}
        step={typeof inputProps.step === 'number' ? inputProps.step : 1}
        changeOnWheel={false}
        onChange={(next) => onChange(next === null ? options.emptyValue : next)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    );
  }

  const handleChange =
    onChangeOverride ??
    ((event: ChangeEvent<HTMLInputElement>) =>
      onChange(event.target.value === '' ? options.emptyValue : event.target.value));
  return (
    <Input
      {...common}
      type={inputProps.type === 'text' ? undefined : inputProps.type}
      value={value ?? ''}
      onChange={handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
};
