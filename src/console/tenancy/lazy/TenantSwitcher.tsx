import { CheckOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tag } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenancyShell } from '../shell';
import { PlanTag } from './PlanTag';
import { StatusTag } from './StatusTag';
import { useTenants } from './use-tenants';

/** The create-tenant dialog, loaded when it is first opened. */
const CreateTenantModal = lazy(() => import('./CreateTenantModal').then((m) => ({ default: m.CreateTenantModal })));

/**
 * The cloud top bar's tenant selector (spec §2): the current tenant with its tag, a menu of the account's tenants
 * (each opens its own console, tagged with its plan and, when not in order, its standing) and "Create tenant". The tenant shown is remembered as the account's default tenant,
 * where the console's root goes next time.
 */
export const TenantSwitcher = () => {
  const { t } = useTranslation();
  const { tenants } = useTenants();
  const [creating, setCreating] = useState(false);
  const tenantId = tenancyShell.currentTenantId();
  const current = tenants?.find((tenant) => tenant.id === tenantId);

  useEffect(() => {
    if (!current) return;
    const account = tenancyShell.accountApi();
    account
      .getMe()
      .then((me) => {
        if (me?.customData?.defaultTenantId !== current.id)
          return account.updateCustomData({ defaultTenantId: current.id });
      })
      .catch(() => undefined);
  }, [current]);

  const items = [
    ...(tenants ?? []).map((tenant) => ({
      key: tenant.id,
      icon: tenant.id === tenantId ? <CheckOutlined aria-label={t('tenants.switcher.current')} /> : <span />,
      label: (
        <a href={tenancyShell.tenantConsoleHref(tenant.id)}>
          {tenant.name} <Tag bordered={false}>{t(`tenants.tag.${tenant.tag}`)}</Tag>
          {tenant.tag === 'production' ? <PlanTag planId={tenant.planId} /> : null}
          <StatusTag tenant={tenant} />
        </a>
      ),
    })),
    { type: 'divider' as const },
    { key: 'create', icon: <PlusOutlined />, label: t('tenants.switcher.create'), onClick: () => setCreating(true) },
  ];

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items }}>
        <Button type="text" aria-label={t('tenants.switcher.label', { name: current?.name ?? tenantId })}>
          <span className="gh-topbar-title">{current?.name ?? tenantId}</span>
          {current ? (
            <Tag bordered={false} className="gh-topbar-badge">
              {t(`tenants.tag.${current.tag}`)}
            </Tag>
          ) : null}
          <DownOutlined />
        </Button>
      </Dropdown>
      {creating ? (
        <Suspense fallback={null}>
          <CreateTenantModal
            open
            onClose={() => setCreating(false)}
            onCreated={(tenant) => window.location.assign(tenancyShell.tenantConsoleHref(tenant.id))}
          />
        </Suspense>
      ) : null}
    </>
  );
};
