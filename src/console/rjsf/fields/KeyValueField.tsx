import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import { Button, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Pair {
  id: number;
  key: string;
  value: string;
}

type StringMap = Record<string, string>;

const toObject = (pairs: Pair[]): StringMap | undefined => {
  const entries = pairs.filter((pair) => pair.key.trim() !== '').map((pair) => [pair.key.trim(), pair.value] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
};

const sameMap = (a: StringMap | undefined, b: StringMap | undefined) =>
  JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/** An object of string → string (e.g. webhook headers) as rows of key and value inputs. */
export const KeyValueField = ({
  formData,
  onChange,
  fieldPathId,
  disabled,
  readonly,
  errorSchema,
}: FieldProps<StringMap>) => {
  const { t } = useTranslation();
  const nextId = useRef(0);
  const makePairs = (data: StringMap | undefined): Pair[] => {
    const pairs = Object.entries(data ?? {}).map(([key, value]) => ({
      id: nextId.current++,
      key,
      value: String(value),
    }));
    return pairs.length > 0 ? pairs : [{ id: nextId.current++, key: '', value: '' }];
  };
  const [pairs, setPairs] = useState<Pair[]>(() => makePairs(formData));

  // Follow outside changes (Discard, reload) but keep half-typed rows while the user edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: makePairs only reads a ref; formData drives the sync
  useEffect(() => {
    setPairs((current) => (sameMap(toObject(current), formData) ? current : makePairs(formData)));
  }, [formData]);

  const update = (next: Pair[]) => {
    setPairs(next);
    const object = toObject(next);
    if (!sameMap(object, formData)) onChange(object, fieldPathId.path);
  };
  const edit = (id: number, change: Partial<Pair>) =>
    update(pairs.map((pair) => (pair.id === id ? { ...pair, ...change } : pair)));
  const locked = disabled || readonly;

  return (
    <div className="gh-key-value" id={fieldPathId.$id}>
      {pairs.map((pair, index) => {
        const errors = pair.key
          ? (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[pair.key]?.__errors
          : undefined;
        return (
          <div key={pair.id} className="gh-key-value-row">
            <Input
              aria-label={t('form.key_value.key', { index: index + 1 })}
              placeholder={t('form.key_value.key_placeholder')}
              value={pair.key}
              disabled={locked}
              onChange={(event) => edit(pair.id, { key: event.target.value })}
            />
            <Input
              aria-label={t('form.key_value.value', { index: index + 1 })}
              placeholder={t('form.key_value.value_placeholder')}
              value={pair.value}
              disabled={locked}
              status={errors?.length ? 'error' : undefined}
              onChange={(event) => edit(pair.id, { value: event.target.value })}
            />
            <Button
              type="text"
              icon={<DeleteOutlined />}
              disabled={locked || (pairs.length === 1 && !pair.key && !pair.value)}
              aria-label={t('form.remove_item', { index: index + 1 })}
              onClick={() =>
                update(pairs.length > 1 ? pairs.filter((item) => item.id !== pair.id) : makePairs(undefined))
              }
            />
            {errors?.length ? (
              <div className="gh-field-error gh-key-value-error" role="alert">
                {errors[0]}
              </div>
            ) : null}
          </div>
        );
      })}
      {!locked && (
        <Button
          type="link"
          className="gh-add-another"
          icon={<PlusOutlined />}
          aria-label={t('form.add_another')}
          onClick={() => update([...pairs, { id: nextId.current++, key: '', value: '' }])}
        >
          {t('form.add_another')}
        </Button>
      )}
    </div>
  );
};
