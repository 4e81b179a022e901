import { Alert, Card, Col, Progress, Row, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NumericQuotaKey, numericQuotaKeys, paidPlans, planPrices } from '../../../shared/plans';
import {
  type CloudTenant,
  cloudApi,
  type SubscriptionUsage,
  type TenantSubscription,
} from '../../tenancy/lazy/cloud-api';
import { PlanTag } from '../../tenancy/lazy/PlanTag';
import { tenantsOnce } from '../../tenancy/lazy/use-tenants';
import { tenancyShell } from '../../tenancy/shell';
import { PlanActions } from './PlanActions';

/** The free plan shows what it is billed on; other plans every counted quota (spec §2). */
const freeCards: NumericQuotaKey[] = ['mauLimit', 'tokenLimit'];
const notCounted: NumericQuotaKey[] = ['auditLogsRetentionDays'];

interface Loaded {
  tenant: CloudTenant;
  subscription: TenantSubscription;
  usage: SubscriptionUsage;
}

const UsageCard = ({
  name,
  used,
  limit,
  flagged,
}: {
  name: string;
  used: number;
  limit: number | null;
  flagged: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const compact = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const percent = limit ? Math.round((used / limit) * 100) : 0;
  const exceeded = flagged && limit !== null && used >= limit;
  return (
    <Card size="small" title={name} role="region" aria-label={name}>
      <Typography.Text strong={exceeded} type={exceeded ? 'danger' : undefined}>
        {limit === null
          ? t('tenants.subscription.used_unlimited', { used: compact.format(used) })
          : t('tenants.subscription.used_of', { used: compact.format(used), limit: compact.format(limit) })}
      </Typography.Text>
      {limit === null ? null : (
        <Progress percent={Math.min(percent, 100)} status={exceeded ? 'exception' : 'normal'} showInfo={false} />
      )}
    </Card>
  );
};

/** The tenant's plan and what it uses against its quotas; a development tenant's notice instead of billing. */
export const SubscriptionTab = () => {
  const { t, i18n } = useTranslation();
  const tenantId = tenancyShell.currentTenantId() as string;
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => {
    void Promise.all([tenantsOnce(), cloudApi.subscription(tenantId), cloudApi.usage(tenantId)]).then(
      ([tenants, subscription, usage]) => {
        const tenant = tenants.find((entry) => entry.id === tenantId);
        if (tenant) setLoaded({ tenant, subscription, usage });
      },
    );
  }, [tenantId]);

  if (!loaded) return null;
  const { tenant, subscription, usage } = loaded;
  const { planId } = subscription;
  const paid = paidPlans.includes(planId);
  const keys =
    planId === 'free' ? freeCards : numericQuotaKeys.filter((key) => !notCounted.includes(key) && key in usage.usage);
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', year: 'numeric' });
  const price = (planPrices[planId] ?? 0) / 100;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {tenant.tag === 'development' ? (
        <Alert type="info" showIcon message={t('tenants.subscription.development_notice')} />
      ) : null}
      <Card title={t('tenants.subscription.current_plan')}>
        <Space direction="vertical">
          <Space>
            <PlanTag planId={planId} />
            <Typography.Text>
              {t('tenants.subscription.price', {
                price: new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(price),
              })}
            </Typography.Text>
          </Space>
          <Typography.Text type="secondary">
            {t('tenants.subscription.period', {
              start: day.format(new Date(subscription.currentPeriodStart)),
              end: day.format(new Date(subscription.currentPeriodEnd)),
            })}
          </Typography.Text>
          {tenant.tag === 'production' ? <PlanActions tenantId={tenantId} paid={paid} /> : null}
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        {keys.map((key) => (
          <Col key={key} xs={24} md={12} xl={8}>
            <UsageCard
              name={t(`tenants.quota.${key}`)}
              used={usage.usage[key] ?? 0}
              limit={usage.quota[key]}
              flagged={!paid}
            />
          </Col>
        ))}
      </Row>
    </Space>
  );
};
