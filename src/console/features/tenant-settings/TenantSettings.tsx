import { Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAccess } from '../../access/AccessContext';
import { PageHeader } from '../../generic/PageHeader';
import { Forbidden, NotFound } from '../../generic/result-pages';
import { useDocumentTitle } from '../../layout/use-document-title';
import { MembersTab } from './MembersTab';
import { SettingsTab } from './SettingsTab';

/** The plan and its usage cards (charts and grids of their own), loaded when the tab is opened. */
const SubscriptionTab = lazy(() => import('./SubscriptionTab').then((m) => ({ default: m.SubscriptionTab })));
const DomainsTab = lazy(() => import('./DomainsTab').then((m) => ({ default: m.DomainsTab })));
const BillingHistoryTab = lazy(() => import('./BillingHistoryTab').then((m) => ({ default: m.BillingHistoryTab })));

/** The tabs and the tenant permission each needs (spec §2: settings and subscription for managers, members for every member). */
const tabs = [
  { key: 'settings', scope: 'manage:tenant', Tab: SettingsTab },
  { key: 'members', scope: 'read:member', Tab: MembersTab },
  { key: 'domains', scope: 'manage:tenant', Tab: DomainsTab },
  { key: 'subscription', scope: 'manage:tenant', Tab: SubscriptionTab },
  { key: 'billing-history', scope: 'manage:tenant', Tab: BillingHistoryTab },
] as const;

/** `/tenant-settings/:tab` (cloud): the tenant's settings and its members. */
export const TenantSettings = () => {
  const { t } = useTranslation();
  const { tab } = useParams();
  const navigate = useNavigate();
  const { allows } = useAccess();
  useDocumentTitle(t('sidebar.tenant_settings'));
  const visible = tabs.filter((entry) => allows([entry.scope]));
  if (!tab) return <Navigate to={`/tenant-settings/${visible[0]?.key ?? 'members'}`} replace />;
  const current = tabs.find((entry) => entry.key === tab);
  if (!current) return <NotFound />;
  if (!allows([current.scope])) return <Forbidden />;
  return (
    <div className="gh-page">
      <PageHeader title={t('tenants.settings.title')} subtitle={t('tenants.settings.subtitle')} />
      <Tabs
        activeKey={current.key}
        onChange={(key) => navigate(`/tenant-settings/${key}`)}
        items={visible.map(({ key, Tab }) => ({
          key,
          label: t(`tenants.settings.tab_${key}`),
          children: (
            <Suspense fallback={null}>
              <Tab />
            </Suspense>
          ),
        }))}
      />
    </div>
  );
};
