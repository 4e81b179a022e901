import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { ApiError } from '../../providers/http';
import { cloudApi } from '../../tenancy/lazy/cloud-api';
import { tenancyShell } from '../../tenancy/shell';

type State = 'accepting' | 'mismatch' | 'unavailable';

/**
 * `/accept/{invitationId}` (spec §2): loads the invitation and accepts it at once, then opens its tenant. One sent to
 * another email shows the mismatch screen with a switch-account button (403); one that is missing or no longer
 * pending shows an error page.
 */
export const AcceptInvitation = () => {
  const { t } = useTranslation();
  const { invitationId = '' } = useParams();
  const { session } = useAuth();
  const [state, setState] = useState<State>('accepting');

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const invitation = await cloudApi.receivedInvitation(invitationId);
      if (invitation.status !== 'Pending') throw new ApiError('Not pending', 404);
      await cloudApi.acceptInvitation(invitationId);
      window.location.assign(tenancyShell.tenantConsoleHref(invitation.tenantId));
    })().catch((error: unknown) => {
      if (!cancelled) setState(error instanceof ApiError && error.statusCode === 403 ? 'mismatch' : 'unavailable');
    });
    return () => {
      cancelled = true;
    };
  }, [invitationId]);

  if (state === 'accepting') return <Spin fullscreen tip={t('tenants.accept.accepting')} />;
  if (state === 'mismatch') {
    return (
      <Result
        status="403"
        title={t('tenants.accept.mismatch_title')}
        subTitle={t('tenants.accept.mismatch_description')}
        extra={
          <Button type="primary" onClick={() => void session.signOut()}>
            {t('tenants.accept.switch_account')}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="404"
      title={t('tenants.accept.unavailable_title')}
      subTitle={t('tenants.accept.unavailable_description')}
      extra={<Button href="/console">{t('tenants.accept.back')}</Button>}
    />
  );
};
