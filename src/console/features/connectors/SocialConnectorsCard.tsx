import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../access/AccessContext';
import { requireResource } from '../../registry';
import { ConnectorForm } from './ConnectorForm';
import { type Connector, type ConnectorFactory, localized } from './use-connectors';

const resource = requireResource('connector');
// The picker is loaded when first opened: the list of connectors needs none of it.
const FactoryPicker = lazy(() => import('./FactoryPicker').then((m) => ({ default: m.FactoryPicker })));

interface Props {
  connectors: Connector[];
  factories: ConnectorFactory[];
  refetch: () => Promise<void>;
}

/** The factory being set up (a new connector) or the connector being edited with its factory. */
interface Editing {
  factory: ConnectorFactory;
  connector?: Connector;
}

/**
 * The tenant's social connectors (logo, name, target), each edited in its factory's form; "Add social connector"
 * opens the picker of social factories, and the one picked opens its form to set the new connector up.
 */
export const SocialConnectorsCard = ({ connectors, factories, refetch }: Props) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { write } = useResourceAccess(resource);
  const social = connectors.filter((connector) => connector.type === 'Social');
  const socialFactories = factories.filter((factory) => factory.type === 'Social');
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<Editing | undefined>();
  const factoryOf = (connector: Connector) => factories.find((factory) => factory.id === connector.connectorId);

  const done = async (text?: string) => {
    setEditing(undefined);
    if (text) void message.success(text);
    await refetch();
  };
  const editingName = editing && localized(editing.connector?.name ?? editing.factory.name, i18n.language);

  return (
    <section className="gh-card gh-connectors-card" aria-label={t('connectors.social.title')}>
      <div className="gh-connectors-head">
        <div>
          <Typography.Title level={2} className="gh-connectors-title">
            {t('connectors.social.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('connectors.social.description')}</Typography.Text>
        </div>
        {write && !editing && !picking && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('connectors.social.add')}
          </Button>
        )}
      </div>
      {social.length === 0 ? (
        <Typography.Text>{t('connectors.social.none')}</Typography.Text>
      ) : (
        <ul className="gh-connectors-list">
          {social.map((connector) => {
            const name = localized(connector.name, i18n.language);
            const factory = factoryOf(connector);
            return (
              <li key={connector.id} className="gh-connectors-item">
                <img src={connector.logo} alt="" width={32} height={32} />
                <div className="gh-connectors-item-text">
                  <Typography.Text strong>{name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('connectors.social.target_of', { target: connector.target })}
                  </Typography.Text>
                </div>
                {write && !editing && !picking && factory && (
                  <Button
                    aria-label={t('connectors.social.edit_named', { name })}
                    onClick={() => setEditing({ factory, connector })}
                  >
                    {t('connectors.edit')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <div className="gh-connectors-editor">
          <Typography.Title level={3} className="gh-connectors-subtitle">
            {t(editing.connector ? 'connectors.social.edit_named' : 'connectors.set_up', {
              name: editingName,
            })}
          </Typography.Title>
          <ConnectorForm
            key={editing.connector?.id ?? editing.factory.id}
            factory={editing.factory}
            connector={editing.connector}
            onCancel={() => setEditing(undefined)}
            onDone={done}
          />
        </div>
      )}
      {picking && (
        <Suspense fallback={null}>
          <FactoryPicker
            factories={socialFactories}
            connectors={social}
            onCancel={() => setPicking(false)}
            onPick={(factory) => {
              setPicking(false);
              setEditing({ factory });
            }}
          />
        </Suspense>
      )}
    </section>
  );
};
