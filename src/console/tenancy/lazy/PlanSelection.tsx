import { Button, Card, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PlanId, planPrices, selectablePlans } from '../../../shared/plans';

/**
 * The plan selection of a new production tenant (spec §2, §4): Free creates it at once, Pro goes through checkout and
 * the tenant is created once it is paid. `busy` names the plan whose choice is under way.
 */
export const PlanSelection = ({
  busy,
  failure,
  onSelect,
  onBack,
}: {
  busy: PlanId | undefined;
  failure: string | undefined;
  onSelect: (plan: PlanId) => void;
  onBack: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  return (
    <Modal open title={t('tenants.plan_selection.title')} onCancel={onBack} footer={null} width={640}>
      <Typography.Paragraph>{t('tenants.plan_selection.description')}</Typography.Paragraph>
      <Flex gap={16}>
        {selectablePlans.map((plan) => (
          <Card key={plan} title={t(`tenants.plan.${plan}`)} style={{ flex: 1 }}>
            <Typography.Title level={4}>
              {t('tenants.subscription.price', { price: money.format((planPrices[plan] ?? 0) / 100) })}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {t(plan === 'free' ? 'tenants.plan_selection.free' : 'tenants.plan_selection.pro')}
            </Typography.Paragraph>
            <Button
              type={plan === 'free' ? 'default' : 'primary'}
              block
              loading={busy === plan}
              disabled={busy !== undefined && busy !== plan}
              aria-label={t('tenants.plan_selection.select', { plan: t(`tenants.plan.${plan}`) })}
              onClick={() => onSelect(plan)}
            >
              {t('tenants.plan_selection.select', { plan: t(`tenants.plan.${plan}`) })}
            </Button>
          </Card>
        ))}
      </Flex>
      {failure ? (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 16 }}>
          {failure}
        </Typography.Paragraph>
      ) : null}
      <Button type="link" onClick={onBack}>
        {t('tenants.plan_selection.back')}
      </Button>
    </Modal>
  );
};
