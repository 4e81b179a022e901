import { type BaseRecord, useCustom, useCustomMutation, useNotification } from '@refinedev/core';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import { useResourceAccess } from '../../access/AccessContext';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';
import { knownLanguages } from './languages';

const phrases = requireResource('customPhrase');

interface PhraseSet {
  languageTag: string;
  translation: Record<string, unknown>;
}

const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Custom phrases per language (`apiRoutes.customPhrase`): pick a language, edit its phrases as JSON (a key of the
 * sign-in page's texts → the text to show), save it as a whole or delete it. Saved on their own, not with the form.
 */
export const CustomPhrasesCard = () => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { write } = useResourceAccess(phrases);
  const [language, setLanguage] = useState('en');
  const [text, setText] = useState('{}');
  const { result, query } = useCustom<PhraseSet[]>({ url: apiRoutes.customPhrase.list, method: 'get' });
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();
  const sets = useMemo(() => (Array.isArray(result?.data) ? result.data : []), [result]);
  const current = sets.find((set) => set.languageTag === language);
  const languages = [...new Set([...knownLanguages, ...sets.map((set) => set.languageTag)])];
  const parsed = parse(text);

  useEffect(() => setText(JSON.stringify(current?.translation ?? {}, null, 2)), [current]);

  const send = async (method: 'put' | 'delete') => {
    try {
      await mutateAsync({
        url: apiPath(apiRoutes.customPhrase.actions[method === 'put' ? 'upsert' : 'delete'], { languageTag: language }),
        method,
        values: method === 'put' ? (parsed ?? {}) : {},
        successNotification: false,
        errorNotification: (error) => ({
          type: 'error',
          message: t('sign_in_exp_console.phrases.failed'),
          description: error?.message,
        }),
      });
      open?.({ type: 'success', message: t('notifications.saved') });
      await query.refetch();
    } catch {
      // The error notification has told the admin.
    }
  };

  return (
    <section className="gh-card gh-sie-section" aria-label={t('sign_in_exp_console.phrases.title')}>
      <h2 className="gh-sie-section-title">{t('sign_in_exp_console.phrases.title')}</h2>
      <p className="gh-sie-hint">{t('sign_in_exp_console.phrases.description')}</p>
      <Form layout="vertical" component="div">
        <Form.Item label={t('sign_in_exp_console.phrases.language')} htmlFor="sie-phrases-language">
          <Select
            id="sie-phrases-language"
            showSearch
            value={language}
            onChange={setLanguage}
            options={languages.map((value) => ({ value, label: value }))}
          />
        </Form.Item>
        <Form.Item
          label={t('sign_in_exp_console.phrases.editor')}
          htmlFor="sie-phrases-json"
          validateStatus={parsed ? undefined : 'error'}
          help={parsed ? undefined : t('form.json.invalid')}
        >
          <Input.TextArea
            id="sie-phrases-json"
            className="gh-sie-code"
            spellCheck={false}
            rows={10}
            value={text}
            disabled={!write}
            onChange={(event) => setText(event.target.value)}
          />
        </Form.Item>
        {write && (
          <Space>
            <Button disabled={!parsed} loading={mutation.isPending} onClick={() => void send('put')}>
              {t('sign_in_exp_console.phrases.save', { language })}
            </Button>
            {current && (
              <Button danger disabled={mutation.isPending} onClick={() => void send('delete')}>
                {t('sign_in_exp_console.phrases.delete', { language })}
              </Button>
            )}
          </Space>
        )}
      </Form>
    </section>
  );
};
