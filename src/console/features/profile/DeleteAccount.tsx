import { App, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import { requestFailed } from '../../generic/request-failed';
import { type DeletionPlan, profileApi } from './profile-api';

type Step = 'blocked' | 'information' | 'confirm' | 'failed';

const names = (tenants: { name: string }[]) => (
  <ul>
    {tenants.map((tenant) => (
      <li key={tenant.name}>{tenant.name}</li>
    ))}
  </ul>
);

/**
 * Deleting the account (cloud; spec §6): a dialog of what blocks it, if anything does; else what it deletes and which
 * tenants it leaves; then a final confirmation; a failure shows its message and asks to try again later. Deleted,
 * the account is signed out.
 */
export const DeleteAccount = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { signOut } = useAuth();
  const [plan, setPlan] = useState<DeletionPlan>();
  const [step, setStep] = useState<Step>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => setStep(undefined);

  const start = async () => {
    setBusy(true);
    try {
      const read = await profileApi.deletionPlan();
      setPlan(read);
      setStep(read.blockers.length > 0 ? 'blocked' : 'information');
    } catch (error) {
      void message.error(String(requestFailed(t, error).description));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await profileApi.deleteAccount();
      await signOut();
    } catch (error) {
      setFailure(String(requestFailed(t, error).description));
      setStep('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('profile.delete.description')}</Typography.Paragraph>
      <Button danger loading={busy && !step} onClick={() => void start()}>
        {t('profile.delete.button')}
      </Button>
      {step === 'blocked' && plan ? (
        <Modal open title={t('profile.delete.blocked_title')} onOk={close} onCancel={close} footer={null}>
          <Typography.Paragraph>{t('profile.delete.blocked_description')}</Typography.Paragraph>
          <ul>
            {plan.blockers.map((blocker) => (
              <li key={`${blocker.id}-${blocker.reason}`}>
                {t(`profile.delete.reason_${blocker.reason}`, { tenant: blocker.name })}
              </li>
            ))}
          </ul>
          <Button type="primary" onClick={close}>
            {t('profile.got_it')}
          </Button>
        </Modal>
      ) : null}
      {step === 'information' && plan ? (
        <Modal
          open
          title={t('profile.delete.information_title')}
          okText={t('profile.continue')}
          cancelText={t('profile.cancel')}
          onOk={() => setStep('confirm')}
          onCancel={close}
        >
          {plan.tenantsToDelete.length > 0 ? (
            <>
              <Typography.Paragraph>{t('profile.delete.tenants_deleted')}</Typography.Paragraph>
              {names(plan.tenantsToDelete)}
            </>
          ) : null}
          {plan.tenantsToQuit.length > 0 ? (
            <>
              <Typography.Paragraph>{t('profile.delete.tenants_left')}</Typography.Paragraph>
              {names(plan.tenantsToQuit)}
            </>
          ) : null}
          <Typography.Paragraph>{t('profile.delete.irreversible')}</Typography.Paragraph>
        </Modal>
      ) : null}
      {step === 'confirm' ? (
        <Modal
          open
          title={t('profile.delete.confirm_title')}
          okText={t('profile.delete.confirm_button')}
          okButtonProps={{ danger: true }}
          cancelText={t('profile.cancel')}
          confirmLoading={busy}
          onOk={() => void remove()}
          onCancel={close}
        >
          <Typography.Paragraph>{t('profile.delete.confirm_description')}</Typography.Paragraph>
        </Modal>
      ) : null}
      {step === 'failed' ? (
        <Modal open title={t('profile.delete.failed_title')} onCancel={close} footer={null}>
          <Typography.Paragraph>{failure}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('profile.delete.try_later')}</Typography.Paragraph>
        </Modal>
      ) : null}
    </>
  );
};
