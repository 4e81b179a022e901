import type { WidgetProps } from '@rjsf/utils';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ids } from '../context';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random secret of `length` characters (letters and digits, no look-alikes) from the browser's CSPRNG. */
export const generateSecret = (length = 16) => {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
};

/** A secret (a password) typed in a masked input, or generated with one click. */
export const SecretWidget = (props: WidgetProps) => {
  const { t } = useTranslation();
  const { id, htmlName, value, placeholder, disabled, readonly, onChange, onBlur, onFocus, options, rawErrors } = props;
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <Space.Compact className="gh-secret-widget" style={{ width: '100%' }}>
      <Input.Password
        id={id}
        name={htmlName || id}
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        disabled={disabled || readonly}
        autoComplete="new-password"
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? ids.error(id) : undefined}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <Button disabled={disabled || readonly} onClick={() => onChange(generateSecret())}>
        {t('form.secret.generate')}
      </Button>
    </Space.Compact>
  );
};
