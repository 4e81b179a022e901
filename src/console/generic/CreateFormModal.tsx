import { type MetaQuery, useCreate, useNotification } from '@refinedev/core';
import { Button, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource } from '../../shared/descriptor';
import { fieldLabel } from '../i18n/labels';
import type { ApiError } from '../providers/http';
import { recordTitle } from '../registry';
import { relativeDefaults } from '../rjsf/relative-defaults';
import { type FormData, type FormHandle, SchemaForm } from '../rjsf/SchemaForm';
import { initialFormData } from '../rjsf/validator';
import { ShownOnceModal, type ShownValue } from './ShownOnce';
import { useServerErrors } from './use-server-errors';

interface CreateFormModalProps {
  resource: ConsoleResource;
  /** Path parameters of a child resource, e.g. `{ parent: { resourceId } }`. */
  meta?: MetaQuery;
  /** Body fields the form does not show, sent with every create (the organization an invitation is for). */
  fixed?: Record<string, unknown>;
  onClose: () => void;
  onCreated: (record: Record<string, unknown>) => void;
}

type Ui = Record<string, unknown>;
const isObject = (value: unknown): value is Ui => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A UI schema with another laid over it, field by field. */
const mergeUi = (base: Ui, over: Ui): Ui =>
  Object.fromEntries(
    [...new Set([...Object.keys(base), ...Object.keys(over)])].map((key) => {
      const [a, b] = [base[key], over[key]];
      return [key, isObject(a) && isObject(b) ? mergeUi(a, b) : (b ?? a)];
    }),
  );

/** The descriptor's create form in a modal: validates, POSTs, maps server errors onto fields. */
export const CreateFormModal = ({ resource, meta, fixed, onClose, onCreated }: CreateFormModalProps) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const create = resource.create;
  const formRef = useRef<FormHandle>(null);
  // Schema defaults, and the days counted from today (an invitation's expiry a week ahead).
  const [formData, setFormData] = useState<FormData>(() =>
    create ? initialFormData(create.form, relativeDefaults(resource.uiSchema, create.form)) : {},
  );
  const { extraErrors, report, clear } = useServerErrors(resource, create?.form);
  const { mutate, mutation } = useCreate<Record<string, unknown>, ApiError>();
  // Write-only values the caller typed or generated (a password), shown once after the item is created.
  const [created, setCreated] = useState<{ record: Record<string, unknown>; shown: ShownValue[] }>();

  if (!create) return null;
  // Fields that apply only to some values of another (a protected app's settings, for its type).
  const omitted = Object.entries(create.when ?? {})
    .filter(([, condition]) => !condition.in.includes(formData[condition.field] as string))
    .map(([field]) => field);
  const formResource = create.uiSchema
    ? { ...resource, uiSchema: mergeUi(resource.uiSchema, create.uiSchema) }
    : resource;
  if (created) {
    return (
      <ShownOnceModal
        title={t('show_once.title', { field: created.shown.map((item) => item.label).join(', ') })}
        values={created.shown}
        onDone={() => onCreated(created.record)}
      />
    );
  }

  const submit = (submitted: FormData) => {
    clear();
    const values = Object.fromEntries(Object.entries(submitted).filter(([field]) => !omitted.includes(field)));
    mutate(
      {
        resource: resource.name,
        values: { ...values, ...fixed },
        meta,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          open?.({ type: 'success', message: t('notifications.created', { name: recordTitle(resource, data) }) });
          const shown = (create.showOnce ?? []).flatMap((field) => {
            const value = values[field];
            return typeof value === 'string' && value
              ? [{ field, label: fieldLabel(t, resource.name, field), value }]
              : [];
          });
          if (shown.length > 0) setCreated({ record: data, shown });
          else onCreated(data);
        },
        onError: (error) => report(error),
      },
    );
  };

  return (
    <Modal
      open
      width={640}
      title={
        <div className="gh-modal-title">
          <div>{t(create.titleKey)}</div>
          {create.subtitleKey && (
            <Typography.Text type="secondary" className="gh-modal-subtitle">
              {t(create.subtitleKey)}
            </Typography.Text>
          )}
        </div>
      }
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={mutation.isPending} onClick={() => formRef.current?.submit()}>
          {t(create.titleKey)}
        </Button>,
      ]}
    >
      <SchemaForm
        formRef={formRef}
        resource={formResource}
        form={create.form}
        omitted={omitted}
        idPrefix={`${resource.name}-create`}
        formData={formData}
        extraErrors={extraErrors}
        disabled={mutation.isPending}
        onChange={(data) => {
          setFormData(data);
          if (extraErrors) clear();
        }}
        onSubmit={submit}
      />
    </Modal>
  );
};
