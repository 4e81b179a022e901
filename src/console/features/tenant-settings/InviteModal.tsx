import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TenantRole, tenantRoles } from '../../../shared/tenant-permissions';
import { cloudApi } from '../../tenancy/lazy/cloud-api';

interface Invite {
  invitee: string[];
  roleName: TenantRole;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invites people by email with a tenant role; every address must be an email (the form says which is not). */
export const InviteModal = ({
  tenantId,
  onClose,
  onInvited,
}: {
  tenantId: string;
  onClose: () => void;
  onInvited: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Invite>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async ({ invitee, roleName }: Invite) => {
    setSaving(true);
    setFailure(undefined);
    try {
      await cloudApi.invite(tenantId, invitee, roleName);
      onInvited();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('tenants.members.invite_title')}
      okText={t('tenants.members.invite')}
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<Invite>
        form={form}
        layout="vertical"
        initialValues={{ invitee: [], roleName: 'collaborator' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="invitee"
          label={t('tenants.members.emails')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('tenants.members.emails_required') },
            {
              validator: async (_, value: string[] | undefined) => {
                const bad = (value ?? []).find((email) => !EMAIL.test(email));
                if (bad) throw new Error(t('tenants.members.invalid_email', { email: bad }));
              },
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[' ', ',']} open={false} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="roleName" label={t('tenants.members.role')}>
          <Select options={tenantRoles.map((role) => ({ value: role, label: t(`tenants.role.${role}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
