import { useNotification } from '@refinedev/core';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestFailed } from '../../generic/request-failed';
import { startCheckout } from '../../tenancy/lazy/checkout';
import { cloudApi } from '../../tenancy/lazy/cloud-api';

/** A free tenant upgrades to Pro through the provider's checkout; a paying one manages payment in its portal. */
export const PlanActions = ({ tenantId, paid }: { tenantId: string; paid: boolean }) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const run = (leave: () => Promise<void>) => {
    setBusy(true);
    leave().catch((error: unknown) => {
      setBusy(false);
      open?.(
        error instanceof Error && error.message === 'unknown'
          ? { type: 'error', message: t('tenants.checkout.unknown_error') }
          : requestFailed(t, error),
      );
    });
  };
  const upgrade = () => run(() => startCheckout({ skuId: 'pro-202411', tenantId }));
  const manage = () =>
    run(async () => {
      const { redirectUri } = await cloudApi.customerPortal(tenantId, window.location.href);
      if (!redirectUri) throw new Error('unknown');
      window.location.assign(redirectUri);
    });
  return (
    <Space>
      {paid ? (
        <Button onClick={manage} loading={busy}>
          {t('tenants.subscription.manage_payment')}
        </Button>
      ) : (
        <Button type="primary" onClick={upgrade} loading={busy}>
          {t('tenants.subscription.upgrade')}
        </Button>
      )}
    </Space>
  );
};
