import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloudTenant, cloudApi, type NewCloudTenant } from './cloud-api';
import { TenantFields } from './TenantFields';

/**
 * The create-tenant dialog (spec §2, §4): name, data region (Europe by default) and usage purpose. The new tenant is
 * handed to `onCreated`; a refusal is shown in the dialog and nothing is created.
 */
export const CreateTenantModal = ({
  open,
  onClose,
  onCreated,
  initialTag = 'development',
}: {
  open: boolean;
  initialTag?: NewCloudTenant['tag'];
  onClose: () => void;
  onCreated: (tenant: CloudTenant) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewCloudTenant>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (values: NewCloudTenant) => {
    setSaving(true);
    setFailure(undefined);
    try {
      onCreated(await cloudApi.createTenant({ ...values, name: values.name.trim() }));
    } catch (error) {
      setFailure(t('tenants.create.failed', { message: (error as Error).message }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('tenants.create.title')}
      okText={t('tenants.create.submit')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('tenants.create.description')}</p>
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<NewCloudTenant>
        form={form}
        layout="vertical"
        initialValues={{ name: '', regionName: 'EU', tag: initialTag }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('tenants.create.name')}
          rules={[{ required: true, whitespace: true, message: t('tenants.create.name_required') }]}
        >
          <Input placeholder={t('tenants.create.name_placeholder')} maxLength={128} autoFocus />
        </Form.Item>
        <TenantFields />
      </Form>
    </Modal>
  );
};
