import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudTenant } from './cloud-api';
import { type TenantStatus, tenantStatus } from './tenant-notice';

const colors: Record<TenantStatus, string> = {
  suspended: 'error',
  overdue: 'error',
  mau_exceeded: 'warning',
  token_exceeded: 'warning',
};

/** A tenant's standing in the switcher (spec §5): suspended, overdue, or a limit reached; nothing when in order. */
export const StatusTag = ({ tenant }: { tenant: CloudTenant }) => {
  const { t } = useTranslation();
  const status = tenantStatus(tenant);
  return status ? (
    <Tag bordered={false} color={colors[status]}>
      {t(`tenants.status.${status}`)}
    </Tag>
  ) : null;
};
