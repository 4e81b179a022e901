import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { ids } from '../context';

/**
 * Long texts, resizable. No `autoSize`: antd measures with a hidden textarea it leaves focusable inside an
 * `aria-hidden` element, which screen readers would reach (axe: aria-hidden-focus).
 */
export const TextareaWidget = (props: WidgetProps) => {
  const { id, htmlName, value, placeholder, disabled, readonly, onChange, onBlur, onFocus, options, rawErrors } = props;
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <Input.TextArea
      id={id}
      name={htmlName || id}
      value={value ?? ''}
      placeholder={placeholder}
      disabled={disabled || readonly}
      rows={typeof options.rows === 'number' ? options.rows : 3}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? ids.error(id) : undefined}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
};

/** Numbers with the stepper input. */
export const UpDownWidget = (props: WidgetProps) => {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate {...props} type="number" />;
};

export const HiddenWidget = ({ id, value }: WidgetProps) => (
  <input type="hidden" id={id} value={typeof value === 'undefined' ? '' : String(value)} />
);
