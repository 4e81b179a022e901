import { Button, Card, Form, Input, Radio, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { requestFailed } from '../../generic/request-failed';
import { useAppearance } from '../../layout/appearance';
import { cloudApi, type NewCloudTenant } from '../../tenancy/lazy/cloud-api';
import { isOnboardingDone, markOnboardingDone, type Questionnaire } from '../../tenancy/lazy/onboarding-state';
import { TenantFields } from '../../tenancy/lazy/TenantFields';
import { tenancyShell } from '../../tenancy/shell';

/** Spec §5: the onboarding's tenant is called this when its name is left empty. */
const DEFAULT_NAME = 'My project';
const companySizes = ['1', '2-49', '50-199', '200-999', '1000+'] as const;

type Values = NewCloudTenant & Questionnaire;

/**
 * `/onboarding/create-tenant` (spec §2): always light; a few questions about the project and its first tenant. Once
 * the tenant is created the account's onboarding is done and the tenant opens; an account that is done goes to `/`.
 */
export const Onboarding = () => {
  const { t } = useTranslation();
  const { step } = useParams();
  const { pin } = useAppearance();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState<boolean>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const projectType = Form.useWatch('projectType', form);

  useEffect(() => {
    pin('light');
    return () => pin(undefined);
  }, [pin]);
  useEffect(() => {
    void isOnboardingDone().then(setDone);
  }, []);

  if (!step) return <Navigate to="/onboarding/create-tenant" replace />;
  if (done === undefined) return <Spin fullscreen />;
  if (done) return <Navigate to="/" replace />;

  const submit = async ({ projectType, companySize, deploymentType, ...tenant }: Values) => {
    setSaving(true);
    setFailure(undefined);
    try {
      const created = await cloudApi.createTenant({ ...tenant, name: tenant.name?.trim() || DEFAULT_NAME });
      await markOnboardingDone({ projectType, companySize, deploymentType }, created.id);
      window.location.assign(tenancyShell.tenantConsoleHref(created.id));
    } catch (error) {
      setFailure(String(requestFailed(t, error).description));
      setSaving(false);
    }
  };

  return (
    <main className="gh-onboarding" style={{ maxWidth: 640, margin: '48px auto', padding: '0 16px' }}>
      <Typography.Title level={1}>{t('onboarding.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('onboarding.description')}</Typography.Paragraph>
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ name: DEFAULT_NAME, regionName: 'EU', tag: 'development', projectType: 'personal' }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item name="projectType" label={t('onboarding.project_type')}>
            <Radio.Group
              options={(['personal', 'company'] as const).map((value) => ({
                value,
                label: t(`onboarding.project_${value}`),
              }))}
            />
          </Form.Item>
          {projectType === 'company' ? (
            <Form.Item name="companySize" label={t('onboarding.company_size')}>
              <Radio.Group optionType="button" options={companySizes.map((size) => ({ value: size, label: size }))} />
            </Form.Item>
          ) : null}
          <Form.Item name="deploymentType" label={t('onboarding.deployment_type')}>
            <Radio.Group
              options={(['cloud', 'open-source'] as const).map((value) => ({
                value,
                label: t(`onboarding.deployment_${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="name" label={t('tenants.create.name')}>
            <Input placeholder={DEFAULT_NAME} maxLength={128} />
          </Form.Item>
          <TenantFields />
          {failure ? <Typography.Paragraph type="danger">{failure}</Typography.Paragraph> : null}
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('onboarding.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
};
