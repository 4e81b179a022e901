import { Alert, Card, Checkbox, Form, Radio, Select, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { useUnsavedChangesGuard } from '../../generic/use-unsaved-changes';
import { useDocumentTitle } from '../../layout/use-document-title';
import { read, Section } from './fields';
import { SaveBar } from './SaveBar';
import { useSettingsForm } from './use-settings-form';
import './sign-in-experience.css';

const factors = ['Totp', 'WebAuthn', 'BackupCode'] as const;
const policies = [
  'PromptAtSignInAndSignUp',
  'PromptOnlyAtSignIn',
  'PromptAtSignInAndSignUpMandatory',
  'PromptOnlyAtSignInMandatory',
  'Mandatory',
  'NoPrompt',
  'UserControlled',
] as const;

/** `/mfa`: the factors users may enrol (TOTP, WebAuthn, backup codes), when MFA is asked, and for organizations. */
export const MfaPage = () => {
  const { t } = useTranslation();
  const form = useSettingsForm();
  useDocumentTitle(t('sign_in_exp_console.mfa.title'));
  useUnsavedChangesGuard(form.dirty);
  const values = form.values;
  const disabled = !form.write || form.saving;
  const chosen = (values && (read(values, 'mfa.factors') as string[] | undefined)) ?? [];
  // Factors this page does not offer (verification codes) are kept as they are.
  const others = chosen.filter((factor) => !(factors as readonly string[]).includes(factor));

  let body = (
    <Card>
      <Skeleton active />
    </Card>
  );
  if (form.query.isError) body = <ErrorState error={form.query.error} onRetry={() => void form.query.refetch()} />;
  else if (values) {
    body = (
      <div className="gh-sie-form">
        {!form.write && <Alert type="info" showIcon message={t('form.read_only')} />}
        <Section titleKey="sign_in_exp_console.mfa.factors">
          <Checkbox.Group
            aria-label={t('sign_in_exp_console.mfa.factors')}
            value={chosen}
            disabled={disabled}
            onChange={(checked) =>
              form.set('mfa.factors', [...factors.filter((factor) => checked.includes(factor)), ...others])
            }
          >
            <Space direction="vertical">
              {factors.map((factor) => (
                <Checkbox key={factor} value={factor}>
                  {t(`sign_in_exp.factor.${factor}`)}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Section>
        <Section titleKey="sign_in_exp_console.mfa.policy" later>
          <Radio.Group
            aria-label={t('sign_in_exp_console.mfa.policy')}
            value={read(values, 'mfa.policy')}
            disabled={disabled}
            onChange={(event) => form.set('mfa.policy', event.target.value)}
          >
            <Space direction="vertical">
              {policies.map((policy) => (
                <Radio key={policy} value={policy}>
                  {t(`sign_in_exp.policy.${policy}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          <Form.Item
            className="gh-sie-spaced"
            label={t('fields.signInExperience.mfa.organizationRequiredMfaPolicy')}
            htmlFor="sie-org-mfa"
          >
            <Select
              id="sie-org-mfa"
              allowClear
              value={read(values, 'mfa.organizationRequiredMfaPolicy') as string | undefined}
              disabled={disabled}
              onChange={(value) => form.set('mfa.organizationRequiredMfaPolicy', value)}
              options={(['NoPrompt', 'Mandatory'] as const).map((value) => ({
                value,
                label: t(`sign_in_exp.organizationRequiredMfaPolicy.${value}`),
              }))}
            />
          </Form.Item>
        </Section>
      </div>
    );
  }
  return (
    <div className="gh-page">
      <PageHeader title={t('sign_in_exp_console.mfa.title')} subtitle={t('sign_in_exp_console.mfa.subtitle')} />
      {body}
      <SaveBar form={form} onSave={() => void form.save().catch(() => undefined)} />
    </div>
  );
};
