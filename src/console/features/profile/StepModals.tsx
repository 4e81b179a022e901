import { App, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProfileAccount, profileApi } from './profile-api';
import { useProfileFailure } from './use-profile-failure';

/** Spec §6: the address a code goes to, and what the verified code is for. */
export interface CodeState {
  email: string;
  action: 'changeEmail' | 'changePassword';
}

const EMAIL = /^\S+@\S+\.\S+$/;

interface StepProps {
  account: ProfileAccount;
  go: (step: string, state?: CodeState) => void;
  onSaved: (account: ProfileAccount) => void;
  onClose: () => void;
}

/** A step's dialog: one form, Enter submits, the button waits while the request runs. */
const StepDialog = <V extends object>({
  title,
  onFinish,
  onClose,
  children,
  footer,
}: {
  title: string;
  onFinish: (values: V) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) => {
  const { t } = useTranslation();
  const failed = useProfileFailure();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const finish = async (values: V) => {
    setBusy(true);
    try {
      await onFinish(values);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={t('profile.continue')}
      cancelText={t('profile.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<V> form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => void finish(values)}>
        {children}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {footer}
    </Modal>
  );
};

/** `profile/verify-password`: the current password proves the user before the change that follows. */
export const VerifyPasswordModal = ({ account, go, onClose, next }: StepProps & { next: string }) => {
  const { t } = useTranslation();
  const failed = useProfileFailure();
  const email = account.primaryEmail;
  const byCode = async () => {
    if (!email) return;
    try {
      await profileApi.sendCode(email);
      go('verification-code', { email, action: 'changePassword' });
    } catch (error) {
      failed(error);
    }
  };
  return (
    <StepDialog<{ password: string }>
      title={t('profile.verify_password.title')}
      onClose={onClose}
      onFinish={async ({ password }) => {
        await profileApi.verifyPassword(password);
        go(next);
      }}
      footer={
        email && next === 'change-password' ? (
          <Button type="link" onClick={() => void byCode()}>
            {t('profile.verify_password.by_code')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph>{t('profile.verify_password.description')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('profile.verify_password.label')}
        rules={[{ required: true, message: t('profile.required', { field: t('profile.verify_password.label') }) }]}
      >
        <Input.Password autoFocus autoComplete="current-password" />
      </Form.Item>
    </StepDialog>
  );
};

/** `profile/change-password`: the new password, typed twice. */
export const ChangePasswordModal = ({ account, onSaved, onClose }: StepProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [visible, setVisible] = useState(false);
  const type = visible ? 'text' : 'password';
  return (
    <StepDialog<{ password: string; confirm: string }>
      title={t(account.hasPassword ? 'profile.password.change_title' : 'profile.password.set_title')}
      onClose={onClose}
      onFinish={async ({ password }) => {
        await profileApi.changePassword(password);
        onSaved({ ...account, hasPassword: true });
        void message.success(t('profile.password.changed'));
        onClose();
      }}
    >
      <Form.Item
        name="password"
        label={t('profile.password.new')}
        rules={[{ required: true, message: t('profile.required', { field: t('profile.password.new') }) }]}
      >
        <Input type={type} autoFocus autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.password.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('profile.required', { field: t('profile.password.confirm') }) },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.password.mismatch'))),
          }),
        ]}
      >
        <Input type={type} autoComplete="new-password" />
      </Form.Item>
      <Checkbox checked={visible} onChange={(event) => setVisible(event.target.checked)}>
        {t('profile.password.show')}
      </Checkbox>
    </StepDialog>
  );
};

/** `profile/link-email`: the new address; a code goes there. */
export const LinkEmailModal = ({ account, go, onClose }: StepProps) => {
  const { t } = useTranslation();
  return (
    <StepDialog<{ email: string }>
      title={t(account.primaryEmail ? 'profile.email.change_title' : 'profile.email.link_title')}
      onClose={onClose}
      onFinish={async ({ email }) => {
        await profileApi.sendCode(email.trim());
        go('verification-code', { email: email.trim(), action: 'changeEmail' });
      }}
    >
      <Form.Item
        name="email"
        label={t('profile.email.new')}
        rules={[
          { required: true, message: t('profile.required', { field: t('profile.email.new') }) },
          { pattern: EMAIL, message: t('profile.email.invalid') },
        ]}
      >
        <Input type="email" autoFocus autoComplete="email" />
      </Form.Item>
    </StepDialog>
  );
};

/** `profile/verification-code`: the code sent to the address; then the email is taken, or the password changed. */
export const VerificationCodeModal = ({ code, go, onSaved, onClose }: StepProps & { code: CodeState }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failed = useProfileFailure();
  const resend = () =>
    profileApi.sendCode(code.email).then(() => void message.success(t('profile.code.resent')), failed);
  return (
    <StepDialog<{ code: string }>
      title={t('profile.code.title')}
      onClose={onClose}
      onFinish={async (values) => {
        await profileApi.verifyCode(code.email, values.code.trim());
        if (code.action === 'changePassword') {
          go('change-password');
          return;
        }
        onSaved(await profileApi.update({ primaryEmail: code.email }));
        void message.success(t('profile.email.changed'));
        onClose();
      }}
      footer={
        <Button type="link" onClick={() => void resend()}>
          {t('profile.code.resend')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('profile.code.description', { email: code.email })}</Typography.Paragraph>
      <Form.Item
        name="code"
        label={t('profile.code.label')}
        rules={[{ required: true, message: t('profile.required', { field: t('profile.code.label') }) }]}
      >
        <Input autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={16} />
      </Form.Item>
    </StepDialog>
  );
};
