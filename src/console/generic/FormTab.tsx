import { useCustomMutation, useNotification, useUpdate } from '@refinedev/core';
import { deepEquals, type ErrorSchema } from '@rjsf/utils';
import { Alert, Button } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailTab } from '../../shared/descriptor';
import { useResourceAccess } from '../access/AccessContext';
import type { ApiError } from '../providers/http';
import { isShownFor } from '../registry';
import { type FormData, type FormHandle, SchemaForm } from '../rjsf/SchemaForm';
import { initialFormData } from '../rjsf/validator';
import type { DetailContext } from './detail-context';
import { OverrideSlot } from './OverrideSlot';
import { keptFields, patchBody } from './patch-body';
import { useServerErrors } from './use-server-errors';
import { useUnsavedChangesGuard } from './use-unsaved-changes';

type FormTabModel = Extract<DetailTab, { kind: 'form' }>;

/**
 * A settings tab: the tab's sections as cards, then override cards (which see the current form values), a
 * Save/Discard bar and an unsaved-changes guard. Without the entity's write scopes the form is read-only and has no
 * save bar.
 */
export const FormTab = ({
  tab,
  resource,
  record,
  refetch,
  fields,
}: DetailContext & {
  tab: FormTabModel;
  /** Only these root fields of the tab, for a bespoke page that splits a tab; the others pass through unchanged. */
  fields?: readonly string[];
}) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const formRef = useRef<FormHandle>(null);
  const [baseline, setBaseline] = useState<FormData>(() => initialFormData(tab.form, record));
  const [formData, setFormData] = useState<FormData>(baseline);
  const { extraErrors, report, clear, setErrors } = useServerErrors(resource, tab.form);
  const update = useUpdate<Record<string, unknown>, ApiError>();
  const custom = useCustomMutation<Record<string, unknown>, ApiError>();
  const mutation = tab.record ? custom.mutation : update.mutation;
  const { write } = useResourceAccess(resource);
  const dirty = !deepEquals(formData, baseline);
  // Sections that do not apply to this record are left out; their fields keep their values and are not sent.
  const sections = useMemo(
    () =>
      tab.sections
        .filter((section) => isShownFor(record, section.when))
        .map((section) => (fields ? { ...section, fields: section.fields.filter((f) => fields.includes(f)) } : section))
        .filter((section) => section.fields.length > 0),
    [tab, record, fields],
  );
  const omitted = useMemo(() => {
    const shown = new Set(sections.flatMap((section) => section.fields));
    return tab.sections.flatMap((section) => section.fields).filter((field) => !shown.has(field));
  }, [tab, sections]);
  const requiredFields = useMemo(() => keptFields(tab.form.schema.properties), [tab]);
  useUnsavedChangesGuard(dirty);

  const baselineRef = useRef(baseline);
  baselineRef.current = baseline;

  // A reloaded record becomes the new baseline; edits in progress are kept. The record the form opened with is
  // already its baseline (drawing the form again for it would cost a second render of every field).
  const drawnFrom = useRef({ record, form: tab.form });
  useEffect(() => {
    if (drawnFrom.current.record === record && drawnFrom.current.form === tab.form) return;
    drawnFrom.current = { record, form: tab.form };
    const next = initialFormData(tab.form, record);
    setFormData((current) => (deepEquals(current, baselineRef.current) ? next : current));
    setBaseline(next);
  }, [record, tab.form]);

  const save = (values: FormData) => {
    const { body, cleared } = patchBody(values, baseline, tab.form.schema.properties);
    if (cleared.length > 0) {
      setErrors(
        Object.fromEntries(cleared.map((key) => [key, { __errors: [t('validation.required')] }])) as ErrorSchema,
      );
      return;
    }
    if (Object.keys(body).length === 0) return;
    clear();
    const callbacks = {
      onSuccess: ({ data }: { data: Record<string, unknown> }) => {
        const next = initialFormData(tab.form, { ...record, ...data });
        setBaseline(next);
        setFormData(next);
        open?.({ type: 'success', message: t('notifications.saved') });
      },
      onError: (error: ApiError) => report(error),
    };
    const quiet = { successNotification: false, errorNotification: false } as const;
    // Another entity's record (a SAML application's settings) is saved at its own item action.
    if (tab.record) {
      const { method, path } = tab.record.save;
      custom.mutate(
        {
          url: path,
          method: method === 'PUT' ? 'put' : 'patch',
          values: body,
          meta: { params: { id: record.id } },
          ...quiet,
        },
        callbacks,
      );
      return;
    }
    update.mutate({ resource: resource.name, id: record.id, values: body, ...quiet }, callbacks);
  };

  const cards = tab.cards.map((key) => (
    <OverrideSlot
      key={key}
      keyName={key}
      resource={resource}
      record={record}
      refetch={refetch}
      form={{ data: formData, reportError: report }}
    />
  ));
  // No section applies to this record (a SAML application's settings live on tabs of their own): the cards only.
  if (sections.length === 0) return <div className="gh-form-tab">{cards}</div>;

  return (
    <div className="gh-form-tab">
      {!write && <Alert type="info" showIcon className="gh-read-only-note" message={t('form.read_only')} />}
      <SchemaForm
        formRef={formRef}
        resource={resource}
        form={tab.form}
        sections={sections}
        omitted={omitted}
        requiredFields={requiredFields}
        idPrefix={`${resource.name}-${tab.key}`}
        formData={formData}
        record={record}
        extraErrors={extraErrors}
        disabled={mutation.isPending || !write}
        onChange={(data) => {
          setFormData(data);
          if (extraErrors) clear();
        }}
        onSubmit={save}
      />
      {cards}
      {write && (
        <div
          className={dirty ? 'gh-save-bar gh-save-bar-dirty' : 'gh-save-bar'}
          role="toolbar"
          aria-label={t('form.save_bar')}
        >
          {dirty && <span className="gh-save-bar-hint">{t('form.unsaved_hint')}</span>}
          <Button
            disabled={!dirty || mutation.isPending}
            onClick={() => {
              setFormData(baseline);
              clear();
            }}
          >
            {t('actions.discard')}
          </Button>
          <Button
            type="primary"
            disabled={!dirty}
            loading={mutation.isPending}
            onClick={() => formRef.current?.submit()}
          >
            {t('actions.save')}
          </Button>
        </div>
      )}
    </div>
  );
};
