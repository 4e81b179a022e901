import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../generic/PageHeader';
import { useDocumentTitle } from '../../layout/use-document-title';
import { SettingsFormTab } from './SettingsFormTab';

/** `/mfa`: the factors users may enrol (TOTP, WebAuthn, backup codes) and when MFA is asked. */
export const MfaPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('sign_in_exp_console.mfa.title'));
  return (
    <div className="gh-page">
      <PageHeader title={t('sign_in_exp_console.mfa.title')} subtitle={t('sign_in_exp_console.mfa.subtitle')} />
      <SettingsFormTab tabKey="mfa" />
    </div>
  );
};
