import { Alert, Button, Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenancyShell } from '../shell';
import { CreateTenantModal } from './CreateTenantModal';
import { TenantNoticeModal } from './TenantNoticeModal';
import { useTenants } from './use-tenants';

/**
 * What the cloud shows around a tenant's pages (spec §2, §4): a suspended tenant's page instead of its console; while
 * none of the account's tenants is for production, a banner whose action creates a production tenant and opens it;
 * and the tenant's upsell or overdue dialog.
 */
export const TenantGate = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const { tenants } = useTenants();
  const [creating, setCreating] = useState(false);
  const current = tenants?.find((tenant) => tenant.id === tenancyShell.currentTenantId());

  if (current?.isSuspended) {
    return (
      <Result
        status="warning"
        title={t('tenants.suspended.title')}
        subTitle={t('tenants.suspended.description')}
        extra={<Button href="/console">{t('tenants.suspended.back')}</Button>}
      />
    );
  }
  const noProduction = tenants !== undefined && !tenants.some((tenant) => tenant.tag === 'production');
  return (
    <>
      {noProduction ? (
        <Alert
          banner
          type="info"
          message={t('tenants.production_banner.message')}
          action={
            <Button size="small" type="primary" onClick={() => setCreating(true)}>
              {t('tenants.production_banner.action')}
            </Button>
          }
        />
      ) : null}
      {creating ? (
        <CreateTenantModal
          open
          initialTag="production"
          onClose={() => setCreating(false)}
          onCreated={(tenant) => window.location.assign(tenancyShell.tenantConsoleHref(tenant.id))}
        />
      ) : null}
      {current ? <TenantNoticeModal tenant={current} /> : null}
      {children}
    </>
  );
};
