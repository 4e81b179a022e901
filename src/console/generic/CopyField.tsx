import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MASK = '•'.repeat(24);

interface CopyFieldProps {
  /** The input's id; a label elsewhere may point at it. */
  id: string;
  value: string;
  /** What the value is, for the buttons' accessible names ("Copy Token endpoint"). */
  name: string;
  /** Masked until shown (secrets). */
  secret?: boolean;
  /** Called after the value was copied to the clipboard. */
  onCopied?: () => void;
}

/** A read-only value with a copy button and, for secrets, show/hide. */
export const CopyField = ({ id, value, name, secret = false, onCopied }: CopyFieldProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [visible, setVisible] = useState(!secret);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      void message.success(t('actions.copied'));
      onCopied?.();
    } catch {
      void message.error(t('copy.failed'));
    }
  };

  return (
    <Space.Compact className="gh-copy-field">
      <Input
        id={id}
        readOnly
        value={visible ? value : MASK}
        className={secret ? 'gh-copy-field-input gh-secret-input' : 'gh-copy-field-input'}
        aria-label={name}
      />
      {secret && (
        <Tooltip title={visible ? t('actions.hide') : t('actions.show')}>
          <Button
            icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            aria-label={t(visible ? 'copy.hide_named' : 'copy.show_named', { name })}
            aria-pressed={visible}
            onClick={() => setVisible((current) => !current)}
          />
        </Tooltip>
      )}
      <Tooltip title={t('actions.copy')}>
        <Button icon={<CopyOutlined />} aria-label={t('copy.copy_named', { name })} onClick={() => void copy()} />
      </Tooltip>
    </Space.Compact>
  );
};
