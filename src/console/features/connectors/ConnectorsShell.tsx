import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { useDocumentTitle } from '../../layout/use-document-title';
import { type ConnectorTab, ConnectorTabs } from './ConnectorTabs';
import { useConnectors } from './use-connectors';
import './connectors.css';

type State = ReturnType<typeof useConnectors>;

/**
 * The connectors page around a tab: its title, the tabs, and the tab's cards once the connectors and factories are
 * loaded. Each tab is a page of its own (its own chunk), drawn in this frame.
 */
export const ConnectorsShell = ({ tab, children }: { tab: ConnectorTab; children: (state: State) => ReactNode }) => {
  const { t } = useTranslation();
  useDocumentTitle(t('sidebar.connectors'));
  const state = useConnectors();
  return (
    <div className="gh-page gh-connectors">
      <PageHeader title={t('connectors.title')} subtitle={t('connectors.subtitle')} />
      <ConnectorTabs active={tab} />
      {state.error ? (
        <ErrorState error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        !state.loading && children(state)
      )}
    </div>
  );
};
