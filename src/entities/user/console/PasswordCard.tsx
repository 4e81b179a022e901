import { KeyOutlined } from '@ant-design/icons';
import { useCustomMutation, useNotification } from '@refinedev/core';
import { App, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../../console/access/AccessContext';
import type { OverrideProps } from '../../../console/generic/override-types';
import { SectionCard } from '../../../console/generic/SectionCard';
import { ShownOnceModal } from '../../../console/generic/ShownOnce';
import { fieldLabel } from '../../../console/i18n/labels';
import type { ApiError } from '../../../console/providers/http';
import { recordTitle } from '../../../console/registry';
import { generateSecret } from '../../../console/rjsf/widgets/secret-widget';
import { apiRoutes } from '../../../generated/api-paths';

/**
 * The user's password: whether one is set, and a reset that generates a new one, sets it
 * (`PATCH /api/users/{userId}/password`) and shows it once with a copy button.
 */
export const PasswordCard = ({ resource, record, refetch }: OverrideProps) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const { write } = useResourceAccess(resource);
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const [shown, setShown] = useState<string>();
  const name = recordTitle(resource, record);

  const reset = () =>
    modal.confirm({
      title: t('users.password.reset'),
      content: t('users.password.reset_confirm', { name }),
      okText: t('users.password.reset'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        const password = generateSecret();
        try {
          await mutateAsync({
            url: apiRoutes.user.actions.password,
            method: 'patch',
            values: { password },
            meta: { params: { userId: record.id } },
            successNotification: false,
            errorNotification: false,
          });
          setShown(password);
          await refetch();
        } catch (error) {
          open?.({ type: 'error', message: t('notifications.request_failed'), description: (error as Error).message });
        }
      },
    });

  return (
    <SectionCard title={t('users.password.title')} description={t('users.password.description')}>
      <Typography.Paragraph>
        {record.hasPassword ? t('users.password.has_password') : t('users.password.no_password')}
      </Typography.Paragraph>
      {write && (
        <Button icon={<KeyOutlined />} loading={mutation.isPending} onClick={reset}>
          {t('users.password.reset')}
        </Button>
      )}
      {shown && (
        <ShownOnceModal
          title={t('users.password.generated_for', { name })}
          values={[{ field: 'password', label: fieldLabel(t, resource.name, 'password'), value: shown }]}
          onDone={() => setShown(undefined)}
        />
      )}
    </SectionCard>
  );
};
