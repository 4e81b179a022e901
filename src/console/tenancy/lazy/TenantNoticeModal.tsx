import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenancyShell } from '../shell';
import type { CloudTenant } from './cloud-api';
import { dismiss, isDismissed, type TenantNotice, tenantNotice } from './tenant-notice';

/**
 * The upsell and overdue dialogs of a production tenant its admin opens (spec §4): unpaid bills, or the plan's monthly
 * active users or tokens reached. Dismissed (or Esc), a dialog stays closed for the session; its action opens the
 * tenant's subscription or billing history.
 */
export const TenantNoticeModal = ({ tenant }: { tenant: CloudTenant }) => {
  const { t, i18n } = useTranslation();
  const [notice, setNotice] = useState<TenantNotice>();

  useEffect(() => {
    if (tenant.role !== 'admin') return;
    const found = tenantNotice(tenant);
    if (found && !isDismissed(tenant.id, found)) setNotice(found);
  }, [tenant]);

  if (!notice) return null;
  const close = () => {
    dismiss(tenant.id, notice);
    setNotice(undefined);
  };
  const open = () => {
    close();
    const tab = notice.kind === 'overdue' ? 'billing-history' : 'subscription';
    window.location.assign(tenancyShell.tenantConsoleHref(tenant.id, `/tenant-settings/${tab}`));
  };
  const number = new Intl.NumberFormat(i18n.language);
  const values =
    notice.kind === 'overdue'
      ? {
          tenant: tenant.name,
          total: new Intl.NumberFormat(i18n.language, {
            style: 'currency',
            currency: notice.currency.toUpperCase(),
          }).format(notice.total / 100),
        }
      : { tenant: tenant.name, limit: number.format(notice.limit) };
  return (
    <Modal
      open
      title={t(`tenants.notice.${notice.kind}_title`)}
      okText={t(`tenants.notice.${notice.kind === 'overdue' ? 'pay' : 'upgrade'}`)}
      cancelText={t('tenants.notice.later')}
      onOk={open}
      onCancel={close}
    >
      {t(`tenants.notice.${notice.kind}`, values)}
    </Modal>
  );
};
