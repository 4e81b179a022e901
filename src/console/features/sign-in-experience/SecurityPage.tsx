import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../generic/PageHeader';
import { TabBar } from '../../generic/TabBar';
import { useDocumentTitle } from '../../layout/use-document-title';
import { CaptchaProviderCard } from './CaptchaProviderCard';
import { SettingsFormTab } from './SettingsFormTab';

/** The security page's tabs (spec: password-policy first), each some fields of the descriptor's security tab. */
const tabs = [
  { key: 'password-policy', fields: ['passwordPolicy'] },
  { key: 'captcha', fields: ['captchaPolicy'] },
  { key: 'blocklist', fields: ['emailBlocklistPolicy'] },
  { key: 'general', fields: ['sentinelPolicy'] },
] as const;

/** `/security/{tab}`: password policy, CAPTCHA (policy and provider), email blocklist and lockout. */
export const SecurityPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab: tabKey } = useParams();
  const tab = tabs.find((item) => item.key === tabKey) ?? tabs[0];
  useDocumentTitle(t('sign_in_exp_console.security.title'));
  return (
    <div className="gh-page">
      <PageHeader
        title={t('sign_in_exp_console.security.title')}
        subtitle={t('sign_in_exp_console.security.subtitle')}
      />
      <TabBar
        activeKey={tab.key}
        onChange={(key) => navigate(`/security/${key}`)}
        items={tabs.map((item) => ({ key: item.key, label: t(`sign_in_exp_console.security.tab.${item.key}`) }))}
      />
      {tab.key === 'captcha' && <CaptchaProviderCard />}
      <SettingsFormTab tabKey="security" fields={tab.fields} />
    </div>
  );
};
