import { Form, Input, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BelowTheFold } from '../../generic/BelowTheFold';
import type { Settings } from './form-state';

/** What each tab of the sign-in experience edits: the whole form's values and a setter by dotted path. */
export interface TabProps {
  values: Settings;
  set: (path: string, value: unknown) => void;
  disabled: boolean;
}

export const read = (values: Settings, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Settings | undefined)?.[key], values);

/** A card of fields under its title; `later`: the fields are drawn right after the page's first paint (below the fold). */
export const Section = ({
  titleKey,
  later = false,
  children,
}: {
  titleKey: string;
  later?: boolean;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const body = (
    <Form layout="vertical" component="div">
      {children}
    </Form>
  );
  return (
    <section className="gh-card gh-sie-section" aria-label={t(titleKey)}>
      <h2 className="gh-sie-section-title">{t(titleKey)}</h2>
      {later ? <BelowTheFold>{body}</BelowTheFold> : body}
    </section>
  );
};

const fieldId = (path: string) => `sie-${path.replace(/\./g, '-')}`;

interface FieldProps extends TabProps {
  path: string;
  labelKey: string;
}

/** A text field; emptied, the value is removed (`emptyAs` undefined) or set to `emptyAs`. */
export const TextField = ({
  values,
  set,
  disabled,
  path,
  labelKey,
  emptyAs,
  placeholder,
}: FieldProps & { emptyAs?: null; placeholder?: string }) => {
  const { t } = useTranslation();
  const value = read(values, path);
  return (
    <Form.Item label={t(labelKey)} htmlFor={fieldId(path)}>
      <Input
        id={fieldId(path)}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(event) => set(path, event.target.value === '' ? emptyAs : event.target.value)}
      />
    </Form.Item>
  );
};

export const SwitchField = ({ values, set, disabled, path, labelKey }: FieldProps) => {
  const { t } = useTranslation();
  return (
    <Form.Item label={t(labelKey)} htmlFor={fieldId(path)}>
      <Switch
        id={fieldId(path)}
        checked={read(values, path) === true}
        disabled={disabled}
        onChange={(checked) => set(path, checked)}
      />
    </Form.Item>
  );
};

/** A color as a picker and its hex text side by side; either edits it. */
/** `#abc` → `#aabbcc`: the colour input takes six digits only. */
const sixDigits = (hex: string) =>
  hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}` : hex;

/**
 * A colour as hex text beside the browser's colour input, which opens the system's picker (the component library's
 * picker costs more to draw than the rest of the tab).
 */
export const ColorField = ({ values, set, disabled, path, labelKey }: FieldProps) => {
  const { t } = useTranslation();
  const value = read(values, path);
  const hex = typeof value === 'string' ? value : '';
  const valid = /^#([0-9a-fA-F]{3}){1,2}$/.test(hex);
  return (
    <Form.Item label={t(labelKey)} htmlFor={fieldId(path)}>
      <div className="gh-sie-color">
        <input
          type="color"
          className="gh-sie-swatch"
          aria-label={t('sign_in_exp_console.branding.pick_color', { field: t(labelKey) })}
          value={valid ? sixDigits(hex).toLowerCase() : '#000000'}
          disabled={disabled}
          onChange={(event) => set(path, event.target.value.toUpperCase())}
        />
        <Input
          id={fieldId(path)}
          className="gh-sie-hex"
          value={hex}
          disabled={disabled}
          maxLength={7}
          onChange={(event) => set(path, event.target.value)}
        />
      </div>
    </Form.Item>
  );
};
