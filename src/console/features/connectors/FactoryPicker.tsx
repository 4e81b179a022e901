import { Button, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Connector, type ConnectorFactory, localized } from './use-connectors';

interface Props {
  /** The social factories, in the server's order. */
  factories: ConnectorFactory[];
  /** The tenant's social connectors: a preset (non-standard factory) among them cannot be added again. */
  connectors: Connector[];
  onPick: (factory: ConnectorFactory) => void;
  onCancel: () => void;
}

/**
 * The social factories to add a connector from, as cards with the factory's logo, name and description, drawn in
 * the card below its list (the focus moves to its title). A preset (Google, GitHub, ...) is added once per tenant:
 * one already set up shows as added and cannot be picked; a standard protocol (OIDC, OAuth 2.0) can be added again
 * for each provider.
 */
export const FactoryPicker = ({ factories, connectors, onPick, onCancel }: Props) => {
  const { t, i18n } = useTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const added = (factory: ConnectorFactory) =>
    factory.isStandard !== true && connectors.some((connector) => connector.connectorId === factory.id);
  return (
    <section className="gh-connectors-editor" aria-label={t('connectors.social.picker.title')}>
      <Typography.Title level={3} className="gh-connectors-subtitle" ref={title} tabIndex={-1}>
        {t('connectors.social.picker.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('connectors.social.picker.description')}</Typography.Text>
      <ul className="gh-connectors-factories">
        {factories.map((factory) => {
          const isAdded = added(factory);
          return (
            <li key={factory.id}>
              <button
                type="button"
                className="gh-connectors-factory"
                disabled={isAdded}
                onClick={() => onPick(factory)}
              >
                <img src={factory.logo} alt="" width={32} height={32} />
                <span className="gh-connectors-factory-text">
                  <span className="gh-connectors-factory-name">
                    {localized(factory.name, i18n.language)}
                    {isAdded && <Tag className="gh-connectors-tag">{t('connectors.social.picker.added')}</Tag>}
                    {factory.isStandard === true && (
                      <Tag className="gh-connectors-tag">{t('connectors.social.picker.standard')}</Tag>
                    )}
                  </span>
                  <span className="gh-connectors-factory-description">
                    {localized(factory.description, i18n.language)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div>
        <Button onClick={onCancel}>{t('connectors.cancel')}</Button>
      </div>
    </section>
  );
};
