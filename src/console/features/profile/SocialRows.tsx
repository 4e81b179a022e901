import { App, Avatar, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileRow } from './ProfileRow';
import { type ProfileAccount, profileApi, type SocialConnector } from './profile-api';
import { SOCIAL_CHANNEL, SOCIAL_POPUP, socialCallbackUrl, startLink } from './social-link';
import { useProfileFailure } from './use-profile-failure';

const nameOf = (connector: SocialConnector, language: string) =>
  connector.name[language] ?? connector.name.en ?? Object.values(connector.name)[0] ?? connector.target;

/** What the linked identity tells about the account at the provider: its email, name or id. */
const linkedAs = (identity: { userId: string; details?: Record<string, unknown> }) => {
  const details = identity.details ?? {};
  const text = [details.email, details.name, details.username].find((value) => typeof value === 'string');
  return (text as string | undefined) ?? identity.userId;
};

/**
 * One row per social connector of the admin tenant (cloud, spec §2): the account linked there, with Remove, or Link,
 * which signs in at the provider in a popup that finishes the link (`/console/handle-social`).
 */
export const SocialRows = ({ account, onChanged }: { account: ProfileAccount; onChanged: () => void }) => {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const failed = useProfileFailure();
  const [connectors, setConnectors] = useState<SocialConnector[]>([]);

  useEffect(() => {
    profileApi.socialConnectors().then(setConnectors, () => setConnectors([]));
  }, []);
  useEffect(() => {
    const channel = new BroadcastChannel(SOCIAL_CHANNEL);
    channel.onmessage = () => onChanged();
    return () => channel.close();
  }, [onChanged]);

  const link = async (connector: SocialConnector) => {
    try {
      const { state } = startLink(connector.id);
      const { redirectTo } = await profileApi.socialAuthorizationUri(connector.id, state, socialCallbackUrl());
      window.open(redirectTo, 'gatehouse-social-link', SOCIAL_POPUP);
    } catch (error) {
      failed(error);
    }
  };
  const unlink = (connector: SocialConnector) =>
    modal.confirm({
      title: t('profile.social.remove_title', { name: nameOf(connector, i18n.language) }),
      okText: t('profile.social.remove'),
      okButtonProps: { danger: true },
      cancelText: t('profile.cancel'),
      onOk: () => profileApi.unlinkSocial(connector.id).then(onChanged, failed),
    });

  return connectors.map((connector) => {
    const identity = account.identities?.[connector.target];
    const name = nameOf(connector, i18n.language);
    return (
      <ProfileRow
        key={connector.id}
        testId={`profile-social-${connector.target}`}
        label={name}
        value={
          <Space>
            <Avatar size="small" shape="square" src={connector.logo} alt="" />
            {identity ? (
              <Typography.Text>{linkedAs(identity)}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('profile.social.not_linked')}</Typography.Text>
            )}
          </Space>
        }
        action={t(identity ? 'profile.social.remove' : 'profile.social.link')}
        onAction={() => (identity ? unlink(connector) : void link(connector))}
      />
    );
  });
};
