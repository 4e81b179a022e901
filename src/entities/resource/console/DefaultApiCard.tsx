import { StarOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../../console/access/AccessContext';
import type { OverrideProps } from '../../../console/generic/override-types';
import { SectionCard } from '../../../console/generic/SectionCard';
import type { ApiError } from '../../../console/providers/http';
import { readPath } from '../../../console/registry';
import { apiRoutes } from '../../../generated/api-paths';

/**
 * Whether this API is the default one (tokens requested without a resource indicator are issued for it), with
 * "Set as default API" or "Remove default". At most one API is the default, so every API list is reloaded after.
 */
export const DefaultApiCard = ({ resource, record, refetch }: OverrideProps) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const { write } = useResourceAccess(resource);
  const isDefault = record.isDefault === true;
  const name = String(readPath(record, resource.detail?.titleField ?? 'name') ?? record.id);

  const toggle = () =>
    mutate(
      {
        url: apiRoutes.resource.actions.setDefault,
        method: 'patch',
        values: { isDefault: !isDefault },
        meta: { params: { id: record.id } },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async () => {
          await Promise.all([refetch(), invalidate({ resource: resource.name, invalidates: ['list'] })]);
          open?.({
            type: 'success',
            message: t(isDefault ? 'api_resources.default.removed' : 'api_resources.default.set', { name }),
          });
        },
        onError: (error) =>
          open?.({ type: 'error', message: t('notifications.request_failed'), description: error.message }),
      },
    );

  return (
    <SectionCard title={t('api_resources.default.title')} description={t('api_resources.default.description')}>
      <Typography.Text>
        {t(isDefault ? 'api_resources.default.is_default' : 'api_resources.default.not_default')}
      </Typography.Text>
      {write && (
        <Button icon={isDefault ? undefined : <StarOutlined />} loading={mutation.isPending} onClick={toggle}>
          {t(isDefault ? 'api_resources.default.remove' : 'api_resources.default.make')}
        </Button>
      )}
    </SectionCard>
  );
};
