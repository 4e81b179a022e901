import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumDescription, enumLabel } from '../../i18n/labels';
import { asContext, ids } from '../context';

const useOptionLabel = (props: WidgetProps) => {
  const { t } = useTranslation();
  const { namespace } = asContext(props.registry.formContext);
  return (value: unknown) => enumLabel(t, namespace, props.name, value);
};

const a11y = (props: WidgetProps) => {
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  return {
    'aria-labelledby': ids.label(props.id),
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? ids.error(props.id) : undefined,
  };
};

/** Boolean as a switch (the label above names it, the description says what it does). */
export const SwitchWidget = (props: WidgetProps) => {
  const { id, value, disabled, readonly, onChange } = props;
  return (
    <Switch
      id={id}
      checked={Boolean(value)}
      disabled={disabled || readonly}
      onChange={(checked) => onChange(checked)}
      {...a11y(props)}
    />
  );
};

/** Multi-select enum (e.g. webhook events) as a grid of labelled checkboxes, kept in schema order. */
export const CheckboxesWidget = (props: WidgetProps) => {
  const { id, value, disabled, readonly, onChange, options } = props;
  const label = useOptionLabel(props);
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const enumOptions = options.enumOptions ?? [];
  const toggle = (optionValue: unknown, checked: boolean) => {
    const next = checked ? [...selected, optionValue] : selected.filter((item) => item !== optionValue);
    onChange(enumOptions.map((option) => option.value).filter((item) => next.includes(item)));
  };
  return (
    <fieldset className="gh-checkbox-grid" {...a11y(props)}>
      {enumOptions.map((option, index) => (
        <Checkbox
          key={String(option.value)}
          id={`${id}-${index}`}
          checked={selected.includes(option.value)}
          disabled={disabled || readonly}
          onChange={(event) => toggle(option.value, event.target.checked)}
        >
          {label(option.value)}
        </Checkbox>
      ))}
    </fieldset>
  );
};

/** Single enum as radio buttons with readable labels. */
export const RadioWidget = (props: WidgetProps) => {
  const { id, value, disabled, readonly, onChange, options } = props;
  const label = useOptionLabel(props);
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled || readonly}
      onChange={(event) => onChange(event.target.value)}
      {...a11y(props)}
      options={(options.enumOptions ?? []).map((option) => ({ value: option.value, label: label(option.value) }))}
    />
  );
};

/**
 * Single enum as a column of cards, each with its label and a short explanation
 * (`<namespace>.<field>_description.<value>`). `ui:options.order` may list the values in the order to show them,
 * `ui:options.hide` the values not to offer.
 */
export const ChoiceCardsWidget = (props: WidgetProps) => {
  const { t } = useTranslation();
  const { namespace } = asContext(props.registry.formContext);
  const { id, name, value, disabled, readonly, onChange, options } = props;
  const order = Array.isArray(options.order) ? (options.order as unknown[]) : [];
  const rank = (item: unknown) => (order.includes(item) ? order.indexOf(item) : order.length);
  // Values made elsewhere (a SAML application through its own API) are not offered.
  const hidden = Array.isArray(options.hide) ? (options.hide as unknown[]) : [];
  const choices = [...(options.enumOptions ?? [])]
    .filter((option) => !hidden.includes(option.value))
    .sort((a, b) => rank(a.value) - rank(b.value));
  return (
    <Radio.Group
      id={id}
      className="gh-choice-cards"
      value={value}
      disabled={disabled || readonly}
      onChange={(event) => onChange(event.target.value)}
      {...a11y(props)}
    >
      {choices.map((option) => {
        const description = enumDescription(t, namespace, name, option.value);
        return (
          <Radio
            key={String(option.value)}
            value={option.value}
            className={value === option.value ? 'gh-choice-card gh-choice-card-checked' : 'gh-choice-card'}
          >
            <span className="gh-choice-card-title">{enumLabel(t, namespace, name, option.value)}</span>
            {description && <span className="gh-choice-card-description">{description}</span>}
          </Radio>
        );
      })}
    </Radio.Group>
  );
};

/** Single enum as a dropdown (the default for enums). */
export const SelectWidget = (props: WidgetProps) => {
  const { id, value, disabled, readonly, onChange, options, placeholder, multiple } = props;
  const label = useOptionLabel(props);
  return (
    <Select
      id={id}
      className="gh-select"
      value={value ?? undefined}
      mode={multiple ? 'multiple' : undefined}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={(next) => onChange(next)}
      status={(props.rawErrors?.length ?? 0) > 0 ? 'error' : undefined}
      {...a11y(props)}
      options={(options.enumOptions ?? []).map((option) => ({ value: option.value, label: label(option.value) }))}
    />
  );
};
