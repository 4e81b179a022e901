import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { useDocumentTitle } from '../../layout/use-document-title';
import { PasswordlessConnectorCard } from './PasswordlessConnectorCard';
import { useConnectors } from './use-connectors';
import './connectors.css';

/** `/console/connectors/passwordless`: the tenant's email connector and its SMS connector. */
export const ConnectorsPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('sidebar.connectors'));
  const state = useConnectors();
  return (
    <div className="gh-page gh-connectors">
      <PageHeader title={t('connectors.title')} subtitle={t('connectors.subtitle')} />
      {state.error ? (
        <ErrorState error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        !state.loading && (
          <>
            <PasswordlessConnectorCard type="Email" {...state} />
            <PasswordlessConnectorCard type="Sms" {...state} />
          </>
        )
      )}
    </div>
  );
};
