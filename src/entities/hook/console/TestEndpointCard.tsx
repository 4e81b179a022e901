import { SendOutlined } from '@ant-design/icons';
import { useCustomMutation, useNotification } from '@refinedev/core';
import { deepEquals } from '@rjsf/utils';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../../console/access/AccessContext';
import type { OverrideProps } from '../../../console/generic/override-types';
import { SectionCard } from '../../../console/generic/SectionCard';
import type { ApiError } from '../../../console/providers/http';
import type { FormData } from '../../../console/rjsf/SchemaForm';
import { apiRoutes } from '../../../generated/api-paths';

interface TestBody {
  events: unknown;
  config: { url?: unknown; headers?: unknown };
}

/** The test request for the values on the page: the selected events, the endpoint URL and headers. */
export const testBody = (data: FormData): TestBody => {
  const config = (data.config ?? {}) as Record<string, unknown>;
  return { events: data.events, config: { url: config.url, headers: config.headers } };
};

const hasIssues = (error: ApiError) =>
  typeof error.data === 'object' && error.data !== null && Array.isArray((error.data as { issues?: unknown }).issues);

/** The endpoint's own answer when it answered with an error (Logto's `responseStatus` and `responseBody`). */
const endpointAnswer = (error: ApiError): { status: number; body: string } | undefined => {
  const data = error.data as { responseStatus?: unknown; responseBody?: unknown } | undefined;
  return typeof data?.responseStatus === 'number'
    ? { status: data.responseStatus, body: String(data.responseBody ?? '') }
    : undefined;
};

/**
 * Sends one sample payload per selected event to the endpoint as currently typed (saved or not). Success is a
 * toast; a failure stays in the card with the server's message while the tested values are unchanged, and an
 * invalid request shows its problems on the form's fields.
 */
export const TestEndpointCard = ({ resource, record, form }: OverrideProps) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const [failure, setFailure] = useState<{ body: TestBody; message: string } | undefined>();
  // Sending a test is a write action of the webhook.
  const { write } = useResourceAccess(resource);
  if (!form || !write) return null;

  const body = testBody(form.data);
  const send = () => {
    setFailure(undefined);
    mutate(
      {
        url: apiRoutes.hook.actions.test,
        method: 'post',
        values: body,
        meta: { params: { id: record.id } },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => open?.({ type: 'success', message: t('webhooks.test.sent') }),
        onError: (error) => {
          if (hasIssues(error)) form.reportError(error);
          const answer = endpointAnswer(error);
          const message = hasIssues(error)
            ? t('webhooks.test.invalid')
            : answer
              ? t('webhooks.test.responded', answer)
              : error.message;
          setFailure({ body, message });
        },
      },
    );
  };

  return (
    <SectionCard title={t('webhooks.test.title')} description={t('webhooks.test.description')}>
      <Button icon={<SendOutlined />} loading={mutation.isPending} onClick={send}>
        {t('webhooks.test.send')}
      </Button>
      {failure && deepEquals(failure.body, body) && (
        <Alert type="error" showIcon message={t('webhooks.test.failed')} description={failure.message} />
      )}
    </SectionCard>
  );
};
