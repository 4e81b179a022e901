import { useCustom } from '@refinedev/core';
import { apiRoutes } from '../../../generated/api-paths';
import type { ConnectorFactoryListResponse, Connector as GeneratedConnector } from '../../../generated/types';

/** A connector of the tenant, as the API answers it (its factory's type, name and logo included). */
export type Connector = GeneratedConnector;
/** A factory as its list answers it: with the schema of its configuration. */
export type ConnectorFactory = ConnectorFactoryListResponse[number];

/** The tenant's connectors and the factories they are made from (their generated routes). */
export const useConnectors = () => {
  const connectors = useCustom<Connector[]>({ url: apiRoutes.connector.list, method: 'get', errorNotification: false });
  const factories = useCustom<ConnectorFactory[]>({
    url: apiRoutes.connectorFactory.actions.list,
    method: 'get',
    errorNotification: false,
  });
  return {
    connectors: connectors.result?.data ?? [],
    factories: factories.result?.data ?? [],
    loading: connectors.query.isLoading || factories.query.isLoading,
    error: connectors.query.error ?? factories.query.error,
    refetch: async () => {
      await Promise.all([connectors.query.refetch(), factories.query.refetch()]);
    },
  };
};

/** A text by language (`{ en: 'SMTP' }`) in the console's language, else English. */
export const localized = (texts: Record<string, string> | undefined, language: string) =>
  texts?.[language] ?? texts?.[language.split('-')[0] ?? ''] ?? texts?.en ?? '';

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The id of a connector about to be set up, made here so its redirect URI can be shown (and registered at the
 * provider) before it is saved: 21 letters and digits, from the browser's random source (which, unlike
 * `randomUUID`, works on a console served over plain HTTP too).
 */
export const newConnectorId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(21)), (byte) => idAlphabet[byte % idAlphabet.length]).join('');
