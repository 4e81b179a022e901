import { PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useResourceAccess } from '../../access/AccessContext';
import { PageHeader } from '../../generic/PageHeader';
import { EmptyState, ErrorState } from '../../generic/states';
import { useDocumentTitle } from '../../layout/use-document-title';
import { requireResource } from '../../registry';
import { type SsoConnector, shownName, useSsoConnectors } from './use-sso';
import './enterprise-sso.css';

const resource = requireResource('ssoConnector');

/** `/console/enterprise-sso`: the tenant's connectors (name, provider, email domains); a row opens its connector. */
export const SsoConnectorsPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('sidebar.enterprise_sso'));
  const navigate = useNavigate();
  const { write } = useResourceAccess(resource);
  const { connectors, loading, error, refetch } = useSsoConnectors();
  const add = write && (
    <Link to="create">
      <Button type="primary" icon={<PlusOutlined />}>
        {t('enterprise_sso.add')}
      </Button>
    </Link>
  );
  const open = (connector: SsoConnector) => navigate(`${encodeURIComponent(connector.id)}/connection`);
  return (
    <div className="gh-page gh-enterprise-sso">
      <PageHeader title={t('enterprise_sso.title')} subtitle={t('enterprise_sso.subtitle')} actions={add} />
      {error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Table<SsoConnector>
          rowKey="id"
          loading={loading}
          dataSource={connectors}
          pagination={false}
          locale={{ emptyText: <EmptyState description={t('enterprise_sso.empty')} /> }}
          onRow={(connector) => ({ onClick: () => open(connector) })}
          columns={[
            {
              key: 'name',
              title: t('enterprise_sso.column.name'),
              render: (_value, connector) => (
                <Link
                  to={`${encodeURIComponent(connector.id)}/connection`}
                  onClick={(event) => event.stopPropagation()}
                >
                  {shownName(connector)}
                </Link>
              ),
            },
            {
              key: 'provider',
              title: t('enterprise_sso.column.provider'),
              render: (_value, connector) => (
                <span className="gh-sso-provider">
                  {connector.providerLogo && <img src={connector.providerLogo} alt="" width={20} height={20} />}
                  {connector.name}
                </span>
              ),
            },
            {
              key: 'domains',
              title: t('enterprise_sso.column.domains'),
              render: (_value, connector) =>
                connector.domains.length > 0
                  ? connector.domains.map((domain) => <Tag key={domain}>{domain}</Tag>)
                  : '—',
            },
            {
              key: 'status',
              title: t('enterprise_sso.column.status'),
              render: (_value, connector) =>
                Object.keys(connector.config ?? {}).length > 0 ? (
                  <Tag color="green">{t('enterprise_sso.status.connected')}</Tag>
                ) : (
                  <Tag>{t('enterprise_sso.status.not_connected')}</Tag>
                ),
            },
          ]}
        />
      )}
    </div>
  );
};
