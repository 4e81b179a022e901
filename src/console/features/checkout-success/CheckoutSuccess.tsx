import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { clearCheckout, storedCheckout } from '../../tenancy/lazy/checkout';
import { cloudApi } from '../../tenancy/lazy/cloud-api';
import { tenancyShell } from '../../tenancy/shell';

/** Spec §9: the purchase is checked every second, for at most ten. */
const POLL_MS = 1000;
const TIMEOUT_MS = 10_000;

type Failure = 'timed_out' | 'invalid' | 'mismatch';

/**
 * Back from the payment page (spec §4): the stored checkout must match the URL's state; its session and the tenant's
 * subscription are read every second until the session is complete and the tenant is on the plan bought, then the
 * tenant's subscription opens. After ten seconds without that, the check has timed out.
 */
export const CheckoutSuccess = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<Failure>();

  useEffect(() => {
    const stored = storedCheckout(params.get('state'));
    if (typeof stored === 'string') {
      setFailure(stored);
      return;
    }
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const session = await cloudApi.checkoutSession(stored.sessionId).catch(() => undefined);
      const tenantId = session?.tenantId;
      if (session?.status === 'complete' && tenantId) {
        const subscription = await cloudApi.subscription(tenantId).catch(() => undefined);
        if (subscription?.planId === session.skuId) {
          clearCheckout();
          window.location.assign(tenancyShell.tenantConsoleHref(tenantId, '/tenant-settings/subscription'));
          return;
        }
      }
      if (Date.now() - started >= TIMEOUT_MS) {
        clearCheckout();
        setFailure('timed_out');
        return;
      }
      timer = setTimeout(() => void check(), POLL_MS);
    };
    void check();
    return () => clearTimeout(timer);
  }, [params]);

  if (!failure) return <Spin fullscreen tip={t('tenants.checkout.checking')} />;
  return (
    <Result
      status="error"
      title={t(`tenants.checkout.${failure}`)}
      extra={<Button href="/console">{t('tenants.accept.back')}</Button>}
    />
  );
};
