import { ConnectorsShell } from './ConnectorsShell';
import { PasswordlessConnectorCard } from './PasswordlessConnectorCard';
import { SocialConnectorsCard } from './SocialConnectorsCard';

/** `/console/connectors/passwordless`: the tenant's email connector and its SMS connector. */
export const ConnectorsPage = () => (
  <ConnectorsShell tab="passwordless">
    {(state) => (
      <>
        <PasswordlessConnectorCard type="Email" {...state} />
        <PasswordlessConnectorCard type="Sms" {...state} />
      </>
    )}
  </ConnectorsShell>
);

/** `/console/connectors/social`: the tenant's social connectors, added from the social factories. */
export const SocialConnectorsPage = () => (
  <ConnectorsShell tab="social">{(state) => <SocialConnectorsCard {...state} />}</ConnectorsShell>
);
