import { type BaseRecord, useCustomMutation } from '@refinedev/core';
import { hashForSchema } from '@rjsf/utils';
import { App, Button, Input, Space, Typography } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import type { FormModel } from '../../../shared/descriptor';
import { errorKey } from '../../../shared/text-keys';
import { useServerErrors } from '../../generic/use-server-errors';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';
import { type FormData, type FormHandle, type FormResource, SchemaForm } from '../../rjsf/SchemaForm';
import { withinField } from '../../rjsf/server-errors';
import { initialFormData } from '../../rjsf/validator';
import type { SocialMetadata } from './SocialFields';
import { type Connector, type ConnectorFactory, localized, newConnectorId } from './use-connectors';

const connector = requireResource('connector');
// A social connector's own fields, loaded only when one is set up (the passwordless tab never needs them).
const SocialFields = lazy(() => import('./SocialFields').then((m) => ({ default: m.SocialFields })));

/** How a configuration's inputs look: long texts as text areas, secrets hidden. Labels are `fields.connector.*`. */
const resource: FormResource = {
  name: connector.name,
  titleKey: 'connectors.title',
  uiSchema: {
    auth: { pass: { 'ui:widget': 'password' } },
    authToken: { 'ui:widget': 'password' },
    clientSecret: { 'ui:widget': 'password' },
    templates: { items: { content: { 'ui:widget': 'textarea' } } },
  },
};

/** The create and update errors about a social connector's target: shown under the Target input. */
const targetErrors = [
  'connector.should_specify_target',
  'connector.multiple_target_with_same_platform',
  'connector.can_not_modify_target',
];

interface Props {
  factory: ConnectorFactory;
  connector?: Connector | undefined;
  onCancel: () => void;
  onDone: (message?: string) => Promise<void>;
}

/**
 * A connector's configuration, as the form its factory's schema makes (precompiled like every form): saved with
 * `POST` on the connectors (a new email connector replaces the old) or `PATCH` on one, tried first with "send a
 * test message" (the connector actions' `test`: an email or a text message, by the factory's type), and deleted.
 * A social connector has no test message; it shows the redirect URI to register at the provider (its id is made
 * here, sent with the create) and, for a standard protocol (OIDC, OAuth 2.0), its own target and name.
 */
export const ConnectorForm = ({ factory, connector: current, onCancel, onDone }: Props) => {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  // An SMS factory's test goes to a phone number, an email factory's to an address; a social one has none.
  const sms = factory.type === 'Sms';
  const social = factory.type === 'Social';
  const standard = social && factory.isStandard === true;
  const texts = social ? 'connectors.social' : sms ? 'connectors.sms' : 'connectors.email';
  const [id] = useState(() => current?.id ?? newConnectorId());
  const [metadata, setMetadata] = useState<SocialMetadata>(() => ({
    target: current?.target ?? '',
    name: current?.name?.en ?? '',
  }));
  const [metadataErrors, setMetadataErrors] = useState<Partial<Record<keyof SocialMetadata, string>>>({});
  const form = useMemo<FormModel>(() => {
    // The factory list always carries the schema of each factory's configuration.
    const schema = (factory.configSchema ?? {}) as FormModel['schema'];
    return { schema, validatorKey: hashForSchema(schema as object) };
  }, [factory]);
  const [config, setConfig] = useState<FormData>(() => current?.config ?? initialFormData(form, undefined));
  const [testTo, setTestTo] = useState('');
  const formRef = useRef<FormHandle>(null);
  const { extraErrors, report, clear } = useServerErrors(connector, form);
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();

  const call = async (url: string, method: 'post' | 'patch' | 'delete', values: Record<string, unknown>) =>
    mutateAsync({ url, method, values, successNotification: false, errorNotification: false });

  /** A standard connector's target and name are both needed; the errors of those missing, none otherwise. */
  const checkMetadata = () => {
    const missing = t('validation.required');
    const errors = standard
      ? {
          ...(metadata.target.trim() ? {} : { target: missing }),
          ...(metadata.name.trim() ? {} : { name: missing }),
        }
      : {};
    setMetadataErrors(errors);
    return Object.keys(errors).length === 0;
  };
  // The stored metadata is replaced as a whole: an update keeps its other fields, the target and other languages.
  const metadataBody = () => ({
    ...(current?.metadata ?? {}),
    target: current?.target ?? metadata.target.trim(),
    name: { ...(current?.metadata.name ?? {}), en: metadata.name.trim() },
  });

  const save = async (values: FormData) => {
    if (!checkMetadata()) return;
    const extra = standard ? { metadata: metadataBody() } : {};
    try {
      if (current)
        await call(apiPath(apiRoutes.connector.actions.update, { id: current.id }), 'patch', {
          config: values,
          ...extra,
        });
      else
        await call(apiRoutes.connector.actions.create, 'post', {
          ...(social ? { id } : {}),
          connectorId: factory.id,
          config: values,
          ...extra,
        });
      await onDone(t('notifications.saved'));
    } catch (error) {
      const { code } = error as ApiError;
      if (code && targetErrors.includes(code))
        setMetadataErrors({ target: t(errorKey(code), { defaultValue: (error as ApiError).message }) });
      else report(withinField('config', error as ApiError));
    }
  };
  const sendTest = async () => {
    try {
      await call(apiPath(apiRoutes.connector.actions.test, { factoryId: factory.id }), 'post', {
        [sms ? 'phone' : 'email']: testTo,
        config,
      });
      void message.success(t(`${texts}.test.sent`, { to: testTo }));
    } catch (error) {
      report(withinField('config', error as ApiError));
    }
  };
  const name = localized(current?.name ?? factory.name, i18n.language);
  const remove = () =>
    modal.confirm({
      title: t(`${texts}.delete_title`, { name }),
      content: t(`${texts}.delete_content`, { name }),
      okText: t('connectors.delete.confirm'),
      okButtonProps: { danger: true },
      onOk: async () => {
        if (!current) return;
        try {
          await call(apiPath(apiRoutes.connector.actions.delete, { id: current.id }), 'delete', {});
          await onDone(t('connectors.delete.done'));
        } catch (error) {
          report(error as ApiError);
        }
      },
    });

  return (
    <div className="gh-connectors-form">
      {social && (
        <Suspense fallback={null}>
          <SocialFields
            connectorId={id}
            standard={standard}
            editing={Boolean(current)}
            metadata={metadata}
            onChange={(next) => {
              setMetadata(next);
              setMetadataErrors({});
            }}
            errors={metadataErrors}
          />
        </Suspense>
      )}
      <SchemaForm
        resource={resource}
        form={form}
        idPrefix={`connector-${factory.id}`}
        formData={config}
        formRef={formRef}
        extraErrors={extraErrors}
        onChange={(values) => {
          setConfig(values);
          if (extraErrors) clear();
        }}
        onSubmit={(values) => void save(values)}
      />
      {!social && (
        <section className="gh-connectors-test" aria-label={t(`${texts}.test.title`)}>
          <Typography.Title level={3} className="gh-connectors-subtitle">
            {t(`${texts}.test.title`)}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`${texts}.test.description`)}</Typography.Text>
          <Space.Compact className="gh-connectors-test-row">
            <Input
              aria-label={t(`${texts}.test.to`)}
              placeholder={t(`${texts}.test.placeholder`)}
              type={sms ? 'tel' : 'email'}
              value={testTo}
              onChange={(event) => setTestTo(event.target.value)}
            />
            <Button loading={mutation.isPending} disabled={!testTo} onClick={() => void sendTest()}>
              {t(`${texts}.test.send`)}
            </Button>
          </Space.Compact>
        </section>
      )}
      <Space className="gh-connectors-actions">
        <Button
          type="primary"
          loading={mutation.isPending}
          onClick={() => {
            checkMetadata();
            formRef.current?.submit();
          }}
        >
          {t('connectors.save')}
        </Button>
        <Button onClick={onCancel}>{t('connectors.cancel')}</Button>
        {current && (
          <Button danger onClick={remove}>
            {t('connectors.delete.button')}
          </Button>
        )}
      </Space>
    </div>
  );
};
