import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PlanId, paidPlans } from '../../../shared/plans';

/** A tenant's plan as a tag (spec §6: free, pro, dev, admin, enterprise); paid plans stand out. */
export const PlanTag = ({ planId }: { planId: PlanId }) => {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={paidPlans.includes(planId) ? 'purple' : undefined}>
      {t(`tenants.plan.${planId}`)}
    </Tag>
  );
};
