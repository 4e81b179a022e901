import { type BaseRecord, useCustomMutation } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import { useResourceAccess } from '../../access/AccessContext';
import { ActionsMenu } from '../../generic/DeleteAction';
import { NotFound } from '../../generic/NotFound';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { TabBar } from '../../generic/TabBar';
import { useDocumentTitle } from '../../layout/use-document-title';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';
import { ConnectionTab } from './ConnectionTab';
import { ExperienceTab } from './ExperienceTab';
import { IdpInitiatedTab } from './IdpInitiatedTab';
import { shownName, useSsoConnector, useSsoProviders } from './use-sso';
import './enterprise-sso.css';

const resource = requireResource('ssoConnector');
const tabs = ['connection', 'experience', 'idp-initiated-auth'] as const;
type Tab = (typeof tabs)[number];

/** `/console/enterprise-sso/{id}/{tab}`: one connector, its tabs, and its deletion. */
export const SsoConnectorPage = () => {
  const { t } = useTranslation();
  const { id = '', tab = 'connection' } = useParams();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { write } = useResourceAccess(resource);
  const { connector, loading, error, refetch } = useSsoConnector(id);
  const { providers } = useSsoProviders();
  const { mutateAsync } = useCustomMutation<BaseRecord, ApiError>();
  useDocumentTitle(connector ? shownName(connector) : t('enterprise_sso.title'));
  if ((error as ApiError | undefined)?.statusCode === 404 || !tabs.includes(tab as Tab)) return <NotFound />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (loading || !connector) return null;
  const provider = providers.find((candidate) => candidate.providerName === connector.providerName);
  const name = shownName(connector);

  const remove = () =>
    modal.confirm({
      title: t('enterprise_sso.delete.title', { name }),
      content: t('enterprise_sso.delete.content', { name }),
      okText: t('enterprise_sso.delete.confirm'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await mutateAsync({
          url: apiPath(apiRoutes.ssoConnector.item, { id }),
          method: 'delete',
          values: {},
          successNotification: false,
          errorNotification: false,
        });
        void message.success(t('enterprise_sso.delete.done', { name }));
        navigate('../..', { relative: 'path' });
      },
    });
  const saved = async () => {
    await refetch();
    void message.success(t('notifications.saved'));
  };

  return (
    <div className="gh-page gh-enterprise-sso">
      <PageHeader
        title={name}
        subtitle={connector.name ?? connector.providerName}
        actions={write && <ActionsMenu onDelete={remove} />}
      />
      <TabBar
        activeKey={tab}
        onChange={(key) => navigate(`../${key}`, { relative: 'path' })}
        items={tabs.map((key) => ({ key, label: t(`enterprise_sso.tab.${key.replaceAll('-', '_')}`) }))}
      />
      {tab === 'connection' && (
        <ConnectionTab key={connector.id} connector={connector} provider={provider} onSaved={saved} />
      )}
      {tab === 'experience' && <ExperienceTab key={connector.id} connector={connector} onSaved={saved} />}
      {tab === 'idp-initiated-auth' && <IdpInitiatedTab key={connector.id} connector={connector} onSaved={saved} />}
    </div>
  );
};
