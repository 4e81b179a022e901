import { type BaseRecord, useNotification, useOne, useUpdate } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JSONSchema7 } from '../../../shared/json-schema';
import { useResourceAccess } from '../../access/AccessContext';
import { patchBody } from '../../generic/patch-body';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';
import { editableSettings, isDirty, type Settings, setPath } from './form-state';

export const settingsResource = requireResource('signInExperience');

/** The fields of the singleton's form tabs, with their schemas (what the PATCH body may hold). */
const formProperties: Record<string, JSONSchema7> = Object.assign(
  {},
  ...(settingsResource.detail?.tabs ?? []).map((tab) => (tab.kind === 'form' ? tab.form.schema.properties : {})),
);
const readOnly = ['id', 'tenantId', 'createdAt', 'updatedAt'];

/**
 * The sign-in experience as one form over every tab: the saved settings, the values being edited, what a save would
 * send (only the changed fields) and `save`, which PATCHes them and makes the answer the new saved state.
 */
export const useSettingsForm = () => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { write } = useResourceAccess(settingsResource);
  const { result, query } = useOne<BaseRecord, ApiError>({
    resource: settingsResource.name,
    id: settingsResource.name,
    errorNotification: false,
  });
  // Settings already in the query cache (a page seen before) fill the form in its first render.
  const [cached] = useState(() => (result ? editableSettings(result as Settings, readOnly) : undefined));
  const [saved, setSaved] = useState<Settings | undefined>(cached);
  const [values, setValues] = useState<Settings | undefined>(cached);
  const { mutateAsync, mutation } = useUpdate<Settings, ApiError>();
  const savedRef = useRef(saved);
  savedRef.current = saved;

  useEffect(() => {
    if (!result || savedRef.current) return;
    const settings = editableSettings(result as Settings, readOnly);
    setSaved(settings);
    setValues(settings);
  }, [result]);

  const set = useCallback((path: string, value: unknown) => {
    setValues((current) => (current ? setPath(current, path, value) : current));
  }, []);
  const changes = useMemo(
    () => (values && saved ? patchBody(values, saved, formProperties).body : {}),
    [values, saved],
  );
  const dirty = Boolean(values && saved && isDirty(values, saved));

  const save = async () => {
    if (!values || !saved) return;
    const answer = await mutateAsync({
      resource: settingsResource.name,
      id: settingsResource.name,
      values: changes,
      successNotification: false,
      errorNotification: (error) => ({
        type: 'error',
        message: t('sign_in_exp_console.save_failed'),
        description: error?.message,
      }),
    });
    const next = editableSettings({ ...saved, ...answer.data }, readOnly);
    setSaved(next);
    setValues(next);
    open?.({ type: 'success', message: t('notifications.saved') });
  };

  return {
    query,
    saved,
    values,
    set,
    changes,
    dirty,
    save,
    saving: mutation.isPending,
    write,
    discard: () => setValues(saved),
  };
};

export type SettingsForm = ReturnType<typeof useSettingsForm>;
