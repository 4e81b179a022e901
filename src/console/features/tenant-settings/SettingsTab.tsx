import { Button, Card, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloudTenant, cloudApi } from '../../tenancy/lazy/cloud-api';
import { tenantsOnce } from '../../tenancy/lazy/use-tenants';
import { tenancyShell } from '../../tenancy/shell';

type Settings = Pick<CloudTenant, 'name' | 'tag'>;

/** The tenant's name and usage purpose, and deleting the tenant with all its data (confirmed by its name). */
export const SettingsTab = () => {
  const { t } = useTranslation();
  const tenantId = tenancyShell.currentTenantId() as string;
  const [form] = Form.useForm<Settings>();
  const [tenant, setTenant] = useState<CloudTenant>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmName, setConfirmName] = useState('');

  useEffect(() => {
    void tenantsOnce().then((tenants) => setTenant(tenants.find((entry) => entry.id === tenantId)));
  }, [tenantId]);

  if (!tenant) return null;
  const save = async (values: Settings) => {
    setSaving(true);
    setSaved(false);
    try {
      setTenant(await cloudApi.updateTenant(tenantId, { ...values, name: values.name.trim() }));
      setSaved(true);
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    await cloudApi.deleteTenant(tenantId);
    window.location.assign('/console');
  };

  return (
    <>
      <Card title={t('tenants.settings.general')}>
        <Form<Settings> form={form} layout="vertical" initialValues={tenant} onFinish={(values) => void save(values)}>
          <Form.Item label={t('tenants.settings.tenant_id')}>
            <Typography.Text code copyable>
              {tenant.id}
            </Typography.Text>
          </Form.Item>
          <Form.Item
            name="name"
            label={t('tenants.create.name')}
            rules={[{ required: true, whitespace: true, message: t('tenants.create.name_required') }]}
          >
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="tag" label={t('tenants.create.tag')}>
            <Radio.Group
              options={[
                { value: 'development', label: t('tenants.tag.development') },
                { value: 'production', label: t('tenants.tag.production') },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('tenants.settings.save')}
          </Button>
          {saved ? (
            <Typography.Text style={{ marginInlineStart: 12 }}>{t('tenants.settings.saved')}</Typography.Text>
          ) : null}
        </Form>
      </Card>
      <Card title={t('tenants.settings.delete_title')} style={{ marginTop: 16 }}>
        <Typography.Paragraph>{t('tenants.settings.delete_description')}</Typography.Paragraph>
        <Button danger onClick={() => setDeleting(true)}>
          {t('tenants.settings.delete')}
        </Button>
      </Card>
      <Modal
        open={deleting}
        title={t('tenants.settings.delete_title')}
        okText={t('tenants.settings.delete')}
        okButtonProps={{ danger: true, disabled: confirmName !== tenant.name }}
        onOk={() => void remove()}
        onCancel={() => setDeleting(false)}
      >
        <Typography.Paragraph>{t('tenants.settings.delete_confirm', { name: tenant.name })}</Typography.Paragraph>
        <Input
          aria-label={t('tenants.settings.delete_confirm_label')}
          value={confirmName}
          onChange={(event) => setConfirmName(event.target.value)}
        />
      </Modal>
    </>
  );
};
