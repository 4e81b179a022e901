import type { FieldProps } from '@rjsf/utils';
import { Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type JsonObject = Record<string, unknown>;

const show = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/** The text as a JSON object, or undefined when it is not one. */
export const parseJsonObject = (text: string): JsonObject | undefined => {
  try {
    const value: unknown = JSON.parse(text.trim() === '' ? '{}' : text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * An object edited as JSON text. Text that is not a JSON object is marked and handed to the form as it is, so the
 * schema refuses it and the form cannot be saved until it is fixed.
 */
export const JsonField = ({ formData, onChange, fieldPathId, disabled, readonly }: FieldProps<unknown>) => {
  const { t } = useTranslation();
  const [text, setText] = useState(() => show(formData));
  const last = useRef<unknown>(formData);
  // A value set from outside (discard, reload) replaces the text; the field's own edits do not.
  useEffect(() => {
    if (formData !== last.current) {
      last.current = formData;
      if (typeof formData !== 'string') setText(show(formData));
    }
  }, [formData]);
  const invalid = parseJsonObject(text) === undefined;
  const id = fieldPathId.$id;
  return (
    <div className="gh-json-field">
      <Input.TextArea
        id={id}
        value={text}
        disabled={disabled || readonly}
        // A fixed height from the text: antd's auto-size adds a hidden measuring copy that assistive tools flag.
        rows={Math.min(16, Math.max(4, text.split('\n').length))}
        spellCheck={false}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}__json_error` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const parsed = parseJsonObject(next);
          const value = parsed ?? next;
          last.current = value;
          onChange(value, fieldPathId.path);
        }}
      />
      {invalid && (
        <Typography.Text type="danger" id={`${id}__json_error`}>
          {t('form.json.invalid')}
        </Typography.Text>
      )}
    </div>
  );
};
