import { App, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../access/AccessContext';
import { requireResource } from '../../registry';
import { ConnectorForm } from './ConnectorForm';
import { type Connector, type ConnectorFactory, localized } from './use-connectors';

const resource = requireResource('connector');

/** The passwordless kinds: each has one connector per tenant, its texts and the config field naming its sender. */
const kinds = {
  Email: { texts: 'connectors.email', senderField: 'fromEmail' },
  Sms: { texts: 'connectors.sms', senderField: 'fromMessagingServiceSID' },
} as const;

interface Props {
  type: keyof typeof kinds;
  connectors: Connector[];
  factories: ConnectorFactory[];
  refetch: () => Promise<void>;
}

/**
 * The tenant's email or SMS connector: the one it has, with its factory's name and sender, or the factories of that
 * type to set one up from. Setting up or editing opens the factory's configuration form below.
 */
export const PasswordlessConnectorCard = ({ type, connectors, factories, refetch }: Props) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { write } = useResourceAccess(resource);
  const { texts, senderField } = kinds[type];
  const current = connectors.find((connector) => connector.type === type);
  const typeFactories = factories.filter((factory) => factory.type === type);
  const [editing, setEditing] = useState<ConnectorFactory | undefined>();
  const factoryOf = (connector: Connector) => factories.find((factory) => factory.id === connector.connectorId);

  const done = async (text?: string) => {
    setEditing(undefined);
    if (text) void message.success(text);
    await refetch();
  };

  return (
    <section className="gh-card gh-connectors-card" aria-label={t(`${texts}.title`)}>
      <div className="gh-connectors-head">
        <div>
          <Typography.Title level={2} className="gh-connectors-title">
            {t(`${texts}.title`)}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`${texts}.description`)}</Typography.Text>
        </div>
      </div>
      {current ? (
        <div className="gh-connectors-item">
          <img src={current.logo} alt="" width={32} height={32} />
          <div className="gh-connectors-item-text">
            <Typography.Text strong>{localized(current.name, i18n.language)}</Typography.Text>
            <Typography.Text type="secondary">
              {t(`${texts}.sender`, { from: String((current.config as Record<string, unknown>)[senderField] ?? '') })}
            </Typography.Text>
          </div>
          {write && !editing && factoryOf(current) && (
            <Button onClick={() => setEditing(factoryOf(current))}>{t('connectors.edit')}</Button>
          )}
        </div>
      ) : (
        <div className="gh-connectors-empty">
          <Typography.Text>{t(`${texts}.none`)}</Typography.Text>
          {write &&
            !editing &&
            typeFactories.map((factory) => (
              <Button key={factory.id} type="primary" onClick={() => setEditing(factory)}>
                {t('connectors.set_up', { name: localized(factory.name, i18n.language) })}
              </Button>
            ))}
        </div>
      )}
      {editing && (
        <ConnectorForm
          factory={editing}
          connector={current?.connectorId === editing.id ? current : undefined}
          onCancel={() => setEditing(undefined)}
          onDone={done}
        />
      )}
    </section>
  );
};
