import { useCustom } from '@refinedev/core';
import { apiRoutes } from '../../../generated/api-paths';
import type { SsoConnectorProvider, SsoConnector as StoredConnector } from '../../../generated/types';
import { apiPath } from '../../../shared/api-path';

/** A connector as the API answers it: its provider's name, protocol and logo, and what the provider publishes. */
export type SsoConnector = StoredConnector & {
  providerConfig?: {
    serviceProvider?: { entityId: string; assertionConsumerServiceUrl: string };
    identityProvider?: { entityId: string; signInEndpoint: string };
    issuer?: string;
  } | null;
};
/** A provider a connector can talk to, with the schema of its configuration. */
export type SsoProvider = SsoConnectorProvider & { configSchema?: Record<string, unknown> };

/** The tenant's connectors and the providers (generated routes). */
export const useSsoConnectors = () => {
  const connectors = useCustom<SsoConnector[]>({
    url: apiRoutes.ssoConnector.list,
    method: 'get',
    errorNotification: false,
  });
  return {
    // While loading, the result holds an empty object, not the list.
    connectors: Array.isArray(connectors.result?.data) ? connectors.result.data : [],
    loading: connectors.query.isLoading,
    error: connectors.query.error,
    refetch: () => connectors.query.refetch(),
  };
};

export const useSsoProviders = () => {
  const providers = useCustom<SsoProvider[]>({
    url: apiRoutes.ssoConnectorProvider.actions.list,
    method: 'get',
    errorNotification: false,
    queryOptions: { staleTime: Number.POSITIVE_INFINITY },
  });
  const data = providers.result?.data;
  return {
    providers: Array.isArray(data) ? data : [],
    loading: providers.query.isLoading,
    error: providers.query.error,
  };
};

export const useSsoConnector = (id: string) => {
  const connector = useCustom<SsoConnector>({
    url: apiPath(apiRoutes.ssoConnector.item, { id }),
    method: 'get',
    errorNotification: false,
  });
  return {
    connector: connector.query.isSuccess ? connector.result?.data : undefined,
    loading: connector.query.isLoading,
    error: connector.query.error,
    refetch: () => connector.query.refetch(),
  };
};

/** The connector's name on the sign-in page: its branding's display name, else its own. */
export const shownName = (connector: SsoConnector) => connector.branding?.displayName || connector.connectorName;
