import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileAccount } from './profile-api';
import { profileApi } from './profile-api';
import { useProfileFailure } from './use-profile-failure';

/** Logto's username rule: a letter or underscore, then word characters. */
const USERNAME = /^[A-Z_a-z]\w*$/;

/**
 * Changes the name or (self-hosted) the username (spec §6): the username is required and follows Logto's rule, the
 * field is checked again on blur, and Enter saves.
 */
export const EditFieldModal = ({
  field,
  account,
  onSaved,
  onClose,
}: {
  field: 'name' | 'username';
  account: ProfileAccount;
  onSaved: (account: ProfileAccount) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const failed = useProfileFailure();
  const [form] = Form.useForm<{ value: string }>();
  const [saving, setSaving] = useState(false);
  const label = t(`profile.${field}`);

  const save = async ({ value }: { value: string }) => {
    setSaving(true);
    try {
      onSaved(await profileApi.update({ [field]: field === 'name' ? value.trim() || null : value }));
      onClose();
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('profile.edit_title', { field: label })}
      okText={t('profile.save')}
      cancelText={t('profile.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        validateTrigger={['onBlur', 'onChange']}
        initialValues={{ value: account[field] ?? '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="value"
          label={label}
          rules={
            field === 'username'
              ? [
                  { required: true, message: t('profile.required', { field: label }) },
                  { pattern: USERNAME, message: t('profile.username_invalid') },
                  { max: 128 },
                ]
              : [{ max: 128 }]
          }
        >
          <Input autoFocus onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
