import { Button, ColorPicker, Form, Input, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from './form-state';

/** What each tab of the sign-in experience edits: the whole form's values and a setter by dotted path. */
export interface TabProps {
  values: Settings;
  set: (path: string, value: unknown) => void;
  disabled: boolean;
}

export const read = (values: Settings, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Settings | undefined)?.[key], values);

export const Section = ({ titleKey, children }: { titleKey: string; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <section className="gh-card gh-sie-section" aria-label={t(titleKey)}>
      <h2 className="gh-sie-section-title">{t(titleKey)}</h2>
      <Form layout="vertical" component="div">
        {children}
      </Form>
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
export const ColorField = ({ values, set, disabled, path, labelKey }: FieldProps) => {
  const { t } = useTranslation();
  const value = read(values, path);
  const hex = typeof value === 'string' ? value : '';
  const valid = /^#([0-9a-fA-F]{3}){1,2}$/.test(hex);
  return (
    <Form.Item label={t(labelKey)} htmlFor={fieldId(path)}>
      <Space.Compact>
        <ColorPicker
          value={valid ? hex : undefined}
          disabled={disabled}
          disabledAlpha
          onChangeComplete={(color) => set(path, color.toHexString().toUpperCase())}
        >
          {/* The trigger is a named button (a picker's own trigger is a div, which takes no name). */}
          <Button
            aria-label={t('sign_in_exp_console.branding.pick_color', { field: t(labelKey) })}
            disabled={disabled}
            icon={<span className="gh-sie-swatch" style={{ background: valid ? hex : 'transparent' }} />}
          />
        </ColorPicker>
        <Input
          id={fieldId(path)}
          className="gh-sie-hex"
          value={hex}
          disabled={disabled}
          maxLength={7}
          onChange={(event) => set(path, event.target.value)}
        />
      </Space.Compact>
    </Form.Item>
  );
};
