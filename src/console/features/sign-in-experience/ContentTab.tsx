import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomPhrasesCard } from './CustomPhrasesCard';
import { read, Section, SwitchField, type TabProps, TextField } from './fields';
import { knownLanguages } from './languages';

const termsPolicies = ['Automatic', 'ManualRegistrationOnly', 'Manual'] as const;

/** Terms and privacy links with the agreement policy, the languages, and the custom phrases per language. */
export const ContentTab = (props: TabProps) => {
  const { t } = useTranslation();
  const { values, set, disabled } = props;
  return (
    <>
      <Section titleKey="sign_in_exp.section.terms">
        <TextField {...props} path="termsOfUseUrl" labelKey="sign_in_exp_console.content.terms_url" emptyAs={null} />
        <TextField
          {...props}
          path="privacyPolicyUrl"
          labelKey="sign_in_exp_console.content.privacy_url"
          emptyAs={null}
        />
        <Form.Item label={t('sign_in_exp_console.content.agree_policy')} htmlFor="sie-agreeToTermsPolicy">
          <Select
            id="sie-agreeToTermsPolicy"
            value={read(values, 'agreeToTermsPolicy') as string}
            disabled={disabled}
            onChange={(value) => set('agreeToTermsPolicy', value)}
            options={termsPolicies.map((value) => ({ value, label: t(`sign_in_exp.agreeToTermsPolicy.${value}`) }))}
          />
        </Form.Item>
      </Section>
      <Section titleKey="sign_in_exp.section.languages" later>
        <SwitchField {...props} path="languageInfo.autoDetect" labelKey="sign_in_exp_console.content.auto_detect" />
        <Form.Item label={t('sign_in_exp_console.content.fallback_language')} htmlFor="sie-fallbackLanguage">
          <Select
            id="sie-fallbackLanguage"
            showSearch
            value={read(values, 'languageInfo.fallbackLanguage') as string}
            disabled={disabled}
            onChange={(value) => set('languageInfo.fallbackLanguage', value)}
            options={knownLanguages.map((value) => ({ value, label: value }))}
          />
        </Form.Item>
      </Section>
      <CustomPhrasesCard />
    </>
  );
};
