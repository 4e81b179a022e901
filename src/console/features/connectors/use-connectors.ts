import { useCustom } from '@refinedev/core';

export interface ConnectorFactory {
  id: string;
  type: 'Email' | 'Sms' | 'Social';
  name: Record<string, string>;
  description: Record<string, string>;
  logo: string;
  configSchema: Record<string, unknown>;
}

export interface Connector {
  id: string;
  connectorId: string;
  type: 'Email' | 'Sms' | 'Social';
  name: Record<string, string>;
  logo: string;
  config: Record<string, unknown>;
}

/** The tenant's connectors and the factories they are made from (`/api/connectors`, `/api/connector-factories`). */
export const useConnectors = () => {
  const connectors = useCustom<Connector[]>({ url: '/connectors', method: 'get', errorNotification: false });
  const factories = useCustom<ConnectorFactory[]>({
    url: '/connector-factories',
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
