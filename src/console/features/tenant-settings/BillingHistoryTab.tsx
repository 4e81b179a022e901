import { Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cloudApi, type Invoice } from '../../tenancy/lazy/cloud-api';
import { PlanTag } from '../../tenancy/lazy/PlanTag';
import { tenancyShell } from '../../tenancy/shell';

const statusColors: Partial<Record<Invoice['status'], string>> = { paid: 'success', open: 'warning', void: 'default' };

/** The tenant's invoices, newest first: when, the plan, the amount and whether it is paid (spec §2 billing history). */
export const BillingHistoryTab = () => {
  const { t, i18n } = useTranslation();
  const tenantId = tenancyShell.currentTenantId() as string;
  const [invoices, setInvoices] = useState<Invoice[]>();

  useEffect(() => {
    void cloudApi.invoices(tenantId).then(setInvoices);
  }, [tenantId]);

  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', year: 'numeric' });
  const money = (invoice: Invoice) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: invoice.currency.toUpperCase() }).format(
      invoice.amountDue / 100,
    );
  return (
    <Table<Invoice>
      rowKey="id"
      loading={!invoices}
      dataSource={invoices}
      pagination={false}
      locale={{ emptyText: t('tenants.billing.empty') }}
      columns={[
        { key: 'date', title: t('tenants.billing.date'), render: (_, invoice) => day.format(invoice.createdAt) },
        {
          key: 'plan',
          title: t('tenants.billing.plan'),
          render: (_, invoice) => (invoice.planId ? <PlanTag planId={invoice.planId} /> : '-'),
        },
        { key: 'amount', title: t('tenants.billing.amount'), render: (_, invoice) => money(invoice) },
        {
          key: 'status',
          title: t('tenants.billing.status'),
          render: (_, invoice) => (
            <Tag color={statusColors[invoice.status]}>{t(`tenants.billing.status_${invoice.status}`)}</Tag>
          ),
        },
        {
          key: 'link',
          title: t('tenants.billing.invoice'),
          render: (_, invoice) =>
            invoice.hostedInvoiceUrl ? (
              <Typography.Link href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                {t('tenants.billing.view')}
              </Typography.Link>
            ) : null,
        },
      ]}
    />
  );
};
