import { Avatar, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { useDocumentTitle } from '../../layout/use-document-title';
import { isCloud } from '../../tenancy/edition';
import { AvatarModal } from './AvatarModal';
import { DeleteAccount } from './DeleteAccount';
import { EditFieldModal } from './EditFieldModal';
import { ProfileRow } from './ProfileRow';
import { type ProfileAccount, profileApi } from './profile-api';
import { SocialRows } from './SocialRows';
import {
  ChangePasswordModal,
  type CodeState,
  LinkEmailModal,
  VerificationCodeModal,
  VerifyPasswordModal,
} from './StepModals';
import { useProfileFailure } from './use-profile-failure';
import './profile.css';

type Editing = 'name' | 'username' | 'avatar';

/**
 * `/console/profile` (spec §2, §6; outside the main layout): the signed-in account's avatar, name and (self-hosted)
 * username; in the cloud its email and the deletion of the account; its password. The changes that need a proof run
 * as sub-routes: `verify-password`, `change-password`, `link-email`, `verification-code`.
 */
export const Profile = () => {
  const { t } = useTranslation();
  const { step } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { accountChanged } = useAuth();
  const failed = useProfileFailure();
  const [account, setAccount] = useState<ProfileAccount>();
  const [editing, setEditing] = useState<Editing>();
  useDocumentTitle(t('profile.document_title'));

  const reload = useCallback(() => {
    profileApi.read().then((read) => {
      setAccount(read);
      accountChanged(read);
    }, failed);
  }, [failed, accountChanged]);
  useEffect(reload, [reload]);

  const saved = (next: ProfileAccount) => {
    setAccount((current) => ({ ...current, ...next }));
    accountChanged(next);
  };
  const go = (next: string, state?: unknown) => navigate(`/profile/${next}`, { state });
  const close = () => navigate('/profile', { replace: true });
  const notSet = <Typography.Text type="secondary">{t('profile.not_set')}</Typography.Text>;
  const change = (value: unknown) => t(value ? 'profile.change' : 'profile.set');

  if (!account) {
    return (
      <div className="gh-profile-page">
        <main className="gh-profile">
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </main>
      </div>
    );
  }
  const proveThen = (next: string) => (account.hasPassword ? go('verify-password', { next }) : go(next));
  const stepProps = { account, go, onSaved: saved, onClose: close };
  const state = location.state as (Partial<CodeState> & { next?: string }) | null;

  return (
    <div className="gh-profile-page">
      <main className="gh-profile">
        <Flex justify="space-between" align="center">
          <Typography.Title level={1}>{t('profile.title')}</Typography.Title>
          <Link to="/">
            <Button>{t('profile.back')}</Button>
          </Link>
        </Flex>
        <Flex vertical gap={16}>
          <Card title={t('profile.settings')}>
            <ProfileRow
              testId="profile-avatar"
              label={t('profile.avatar.label')}
              value={
                <Avatar size={48} src={account.avatar ?? undefined} alt={t('profile.avatar.label')}>
                  {(account.name ?? account.username ?? account.primaryEmail ?? '?').slice(0, 1).toUpperCase()}
                </Avatar>
              }
              action={change(account.avatar)}
              onAction={() => setEditing('avatar')}
            />
            <ProfileRow
              testId="profile-name"
              label={t('profile.name')}
              value={account.name || notSet}
              action={change(account.name)}
              onAction={() => setEditing('name')}
            />
            {isCloud() ? null : (
              <ProfileRow
                testId="profile-username"
                label={t('profile.username')}
                value={account.username || notSet}
                action={change(account.username)}
                onAction={() => setEditing('username')}
              />
            )}
          </Card>
          {isCloud() ? (
            <Card title={t('profile.linked_accounts')}>
              <ProfileRow
                testId="profile-email"
                label={t('profile.email.label')}
                value={account.primaryEmail || notSet}
                action={t(account.primaryEmail ? 'profile.change' : 'profile.email.link')}
                onAction={() => proveThen('link-email')}
              />
              <SocialRows account={account} onChanged={reload} />
            </Card>
          ) : null}
          <Card title={t('profile.password.section')}>
            <ProfileRow
              testId="profile-password"
              label={t('profile.password.label')}
              value={account.hasPassword ? '******' : notSet}
              action={change(account.hasPassword)}
              onAction={() => proveThen('change-password')}
            />
          </Card>
          {isCloud() ? (
            <Card title={t('profile.delete.title')}>
              <DeleteAccount />
            </Card>
          ) : null}
        </Flex>
        {editing === 'avatar' ? (
          <AvatarModal account={account} onSaved={saved} onClose={() => setEditing(undefined)} />
        ) : editing ? (
          <EditFieldModal field={editing} account={account} onSaved={saved} onClose={() => setEditing(undefined)} />
        ) : null}
        {step === 'verify-password' ? (
          <VerifyPasswordModal {...stepProps} next={state?.next ?? 'change-password'} />
        ) : null}
        {step === 'change-password' ? <ChangePasswordModal {...stepProps} /> : null}
        {step === 'link-email' ? <LinkEmailModal {...stepProps} /> : null}
        {step === 'verification-code' &&
        state?.email &&
        (state.action === 'changeEmail' || state.action === 'changePassword') ? (
          <VerificationCodeModal {...stepProps} code={{ email: state.email, action: state.action }} />
        ) : null}
      </main>
    </div>
  );
};
