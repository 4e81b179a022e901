import { Button, Card, Divider, Result, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tenancyShell } from '../shell';
import { CreateTenantModal } from './CreateTenantModal';
import { type CloudTenant, cloudApi } from './cloud-api';
import { PendingInvitations } from './PendingInvitations';
import { useTenants } from './use-tenants';

const openTenant = (tenant: Pick<CloudTenant, 'id'>) =>
  window.location.assign(tenancyShell.tenantConsoleHref(tenant.id));

/**
 * The cloud console's root (spec §2): the account's default tenant when it is still a member there; a new account
 * with nothing to join goes to the onboarding; else the tenants to choose from, or with none the landing page; both
 * offer to create a tenant, which then opens.
 */
export const TenantHome = () => {
  const { t } = useTranslation();
  const { tenants, failed, reload } = useTenants();
  const navigate = useNavigate();
  const [defaultTenant, setDefaultTenant] = useState<string | null>();
  const [onboarded, setOnboarded] = useState<boolean>();
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    tenancyShell
      .accountApi()
      .getMe()
      .then(
        (me) => {
          setDefaultTenant(typeof me?.customData?.defaultTenantId === 'string' ? me.customData.defaultTenantId : null);
          setOnboarded(me?.customData?.onboarding?.isOnboardingDone === true);
        },
        () => setDefaultTenant(null),
      );
  }, []);

  // A new account, with no tenant and nothing to join, starts with the onboarding (spec §2).
  useEffect(() => {
    if (onboarded !== false || tenants?.length !== 0) return;
    void cloudApi.receivedInvitations().then((invitations) => {
      if (!invitations.some((invitation) => invitation.status === 'Pending')) navigate('/onboarding');
    });
  }, [onboarded, tenants, navigate]);

  const remembered = tenants?.find((tenant) => tenant.id === defaultTenant);
  useEffect(() => {
    if (remembered) openTenant(remembered);
  }, [remembered]);

  if (failed) {
    return (
      <Result
        status="warning"
        title={t('tenants.load_failed')}
        extra={<Button onClick={reload}>{t('tenants.retry')}</Button>}
      />
    );
  }
  if (!tenants || defaultTenant === undefined || remembered) return <Spin fullscreen />;

  const create = (
    <>
      <Button type="primary" onClick={() => setCreating(true)}>
        {t('tenants.landing.create')}
      </Button>
      <CreateTenantModal open={creating} onClose={() => setCreating(false)} onCreated={openTenant} />
    </>
  );

  return (
    <main className="gh-tenant-home">
      {tenants.length === 0 ? (
        <section style={{ maxWidth: 560, margin: '96px auto', textAlign: 'center' }}>
          <PendingInvitations />
          <Typography.Title level={1}>{t('tenants.landing.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('tenants.landing.description')}</Typography.Paragraph>
          {create}
        </section>
      ) : (
        <Card style={{ maxWidth: 560, margin: '64px auto' }}>
          <Typography.Title level={1}>{t('tenants.selection.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('tenants.selection.description')}</Typography.Paragraph>
          <ul className="gh-tenant-list">
            {tenants.map((tenant) => (
              <li key={tenant.id}>
                <span className="gh-tenant-list-name">{tenant.name}</span>
                <Tag>{t(`tenants.tag.${tenant.tag}`)}</Tag>
                <Tag>{t(`tenants.role.${tenant.role}`)}</Tag>
                <Button
                  href={tenancyShell.tenantConsoleHref(tenant.id)}
                  aria-label={`${t('tenants.selection.open')} ${tenant.name}`}
                >
                  {t('tenants.selection.open')}
                </Button>
              </li>
            ))}
          </ul>
          <PendingInvitations />
          <Divider plain>{t('tenants.selection.or')}</Divider>
          <div style={{ textAlign: 'center' }}>{create}</div>
        </Card>
      )}
    </main>
  );
};
