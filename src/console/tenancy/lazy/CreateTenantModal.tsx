import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '../../../shared/plans';
import { requestFailed } from '../../generic/request-failed';
import { startCheckout } from './checkout';
import { type CloudTenant, cloudApi, type NewCloudTenant } from './cloud-api';
import { PlanSelection } from './PlanSelection';
import { TenantFields } from './TenantFields';

/**
 * The create-tenant dialog (spec §2, §4): name, data region (Europe by default) and usage purpose. A production
 * tenant's plan is chosen next: Free creates it, Pro pays for it first at the provider's checkout (the tenant is created
 * when the payment completes). The new tenant is handed to `onCreated`; a refusal is shown and nothing is created.
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
  const [choosing, setChoosing] = useState<NewCloudTenant>();
  const [paying, setPaying] = useState<PlanId>();

  const create = async (values: NewCloudTenant) => {
    setSaving(true);
    setFailure(undefined);
    try {
      onCreated(await cloudApi.createTenant({ ...values, name: values.name.trim() }));
    } catch (error) {
      setFailure(t('tenants.create.failed', { message: (error as Error).message }));
      setChoosing(undefined);
    } finally {
      setSaving(false);
    }
  };
  const submit = (values: NewCloudTenant) => (values.tag === 'production' ? setChoosing(values) : void create(values));
  const select = (plan: PlanId) => {
    if (!choosing) return;
    if (plan === 'free') {
      void create(choosing);
      return;
    }
    setPaying(plan);
    setFailure(undefined);
    const { name, tag, regionName } = choosing;
    startCheckout({ skuId: plan, tenantName: name.trim(), tenantTag: tag, tenantRegionName: regionName }).catch(
      (error: unknown) => {
        setPaying(undefined);
        setFailure(
          error instanceof Error && error.message === 'unknown'
            ? t('tenants.checkout.unknown_error')
            : String(requestFailed(t, error).description),
        );
      },
    );
  };

  if (choosing) {
    return (
      <PlanSelection
        busy={saving ? 'free' : paying}
        failure={failure}
        onSelect={select}
        onBack={() => {
          setChoosing(undefined);
          setFailure(undefined);
        }}
      />
    );
  }

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
        onFinish={submit}
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
