import { App, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestFailed } from '../../generic/request-failed';
import type { ApiError } from '../../providers/http';
import { profileApi } from './profile-api';
import { SOCIAL_CHANNEL, socialCallbackUrl, takeLink } from './social-link';

/**
 * `/console/handle-social` (spec §2): the popup the provider returns to. It checks the state the profile stored, links
 * the account with what the provider sent, tells the profile and closes; an account already linked to another user
 * is said in a dialog first (spec §8).
 */
export const HandleSocial = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [problem, setProblem] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      const channel = new BroadcastChannel(SOCIAL_CHANNEL);
      channel.postMessage('linked');
      channel.close();
      window.close();
    };
    const query = new URLSearchParams(window.location.search);
    const pending = takeLink(query.get('state'));
    if (!pending) {
      setProblem(t('profile.social.invalid_state'));
      return;
    }
    const connectorData = { ...Object.fromEntries(query), redirectUri: socialCallbackUrl() };
    profileApi.linkSocial(pending.connectorId, connectorData).then(finish, (error: unknown) => {
      const description = String(requestFailed(t, error).description);
      if ((error as Partial<ApiError>).code === 'user.identity_already_in_use') {
        modal.warning({ title: t('profile.failed'), content: description, okText: t('profile.got_it'), onOk: finish });
      } else setProblem(description);
    });
  }, [t, modal]);

  return problem ? (
    <Result status="error" title={t('profile.social.failed')} subTitle={problem} />
  ) : (
    <Spin fullscreen tip={t('profile.social.linking')} />
  );
};
