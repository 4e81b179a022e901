import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TabBar } from '../../generic/TabBar';

/** The connectors page's tabs, each its own address (`/connectors/passwordless`, `/connectors/social`). */
export const connectorTabs = ['passwordless', 'social'] as const;
export type ConnectorTab = (typeof connectorTabs)[number];

export const ConnectorTabs = ({ active }: { active: ConnectorTab }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <TabBar
      activeKey={active}
      onChange={(key) => navigate(`/connectors/${key}`)}
      items={connectorTabs.map((key) => ({ key, label: t(`connectors.tab.${key}`) }))}
    />
  );
};
