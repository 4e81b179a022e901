import { Alert, App, Card, Skeleton } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { TabBar } from '../../generic/TabBar';
import { useUnsavedChangesGuard } from '../../generic/use-unsaved-changes';
import { useDocumentTitle } from '../../layout/use-document-title';
import { BrandingTab } from './BrandingTab';
import { ContentTab } from './ContentTab';
import { LivePreview } from './LivePreview';
import { SaveBar } from './SaveBar';
import { SignUpChangeList } from './SignUpChangeList';
import { SignUpTab } from './SignUpTab';
import { type SignUpAndSignIn, signUpChanges } from './sign-up-diff';
import { useSettingsForm } from './use-settings-form';
import './sign-in-experience.css';

// Memoized: the page renders again as its query and save state change, the tab's form only when its values do.
const tabs = [
  { key: 'branding', titleKey: 'sign_in_exp.tab.branding', Body: memo(BrandingTab) },
  { key: 'sign-up-and-sign-in', titleKey: 'sign_in_exp.tab.sign_up_and_sign_in', Body: memo(SignUpTab) },
  { key: 'content', titleKey: 'sign_in_exp.tab.content', Body: memo(ContentTab) },
] as const;
const Preview = memo(LivePreview);

/**
 * `/sign-in-experience/{tab}`: branding, sign-up and sign-in, and content as one form beside a live preview of the
 * sign-in page with the unsaved values. Moving between the tabs keeps the edits; leaving the page asks first; a
 * save that changes how users sign up or sign in lists the changes and asks to confirm.
 */
export const SignInExperiencePage = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { tab: tabKey } = useParams();
  const form = useSettingsForm();
  useDocumentTitle(t('sign_in_exp.title'));
  useUnsavedChangesGuard(form.dirty, '/sign-in-experience');
  const tab = tabs.find((item) => item.key === tabKey) ?? tabs[0];
  // The heading and tabs change with the tab only, not as the form's query and save state do.
  const header = useMemo(
    () => (
      <>
        <PageHeader title={t('sign_in_exp.title')} subtitle={t('sign_in_exp.subtitle')} />
        <TabBar
          activeKey={tab.key}
          onChange={(key) => navigate(`/sign-in-experience/${key}`)}
          items={tabs.map((item) => ({ key: item.key, label: t(item.titleKey) }))}
        />
      </>
    ),
    [t, tab.key, navigate],
  );

  const save = () => {
    const changes = signUpChanges((form.saved ?? {}) as SignUpAndSignIn, (form.values ?? {}) as SignUpAndSignIn);
    if (changes.length === 0) return void form.save().catch(() => undefined);
    modal.confirm({
      title: t('sign_in_exp_console.confirm.title'),
      content: <SignUpChangeList changes={changes} />,
      okText: t('sign_in_exp_console.confirm.ok'),
      cancelText: t('actions.cancel'),
      width: 560,
      onOk: () => form.save().catch(() => undefined),
    });
  };

  let body = (
    <Card>
      <Skeleton active />
    </Card>
  );
  if (form.query.isError) body = <ErrorState error={form.query.error} onRetry={() => void form.query.refetch()} />;
  else if (form.values) {
    const Body = tab.Body;
    body = (
      <div className="gh-sie-columns">
        <div className="gh-sie-form">
          {!form.write && <Alert type="info" showIcon message={t('form.read_only')} />}
          <Body values={form.values} set={form.set} disabled={!form.write || form.saving} />
        </div>
        <Preview changes={form.changes} />
      </div>
    );
  }

  return (
    <div className="gh-page">
      {header}
      {body}
      <SaveBar form={form} onSave={save} />
    </div>
  );
};
