import type { ServerOverride } from '../../../server/crud/overrides.js';

/**
 * `GET /api/sso-connector-providers`: the branches of an SSO connector's configuration, as Logto lists them, each with
 * the schema of its configuration (the console's connection form).
 */
export const ssoConnectorProviderOverrides = {
  'ssoConnectorProvider.list': {
    kind: 'action',
    run: async ({ operationsOf }) =>
      Object.entries(operationsOf('ssoConnector').model.discriminated?.config?.branches ?? {}).map(([name, branch]) => {
        const meta = (branch.meta ?? {}) as Record<string, unknown>;
        return {
          providerName: name,
          providerType: meta.providerType,
          logo: meta.providerLogo,
          logoDark: meta.providerLogoDark,
          description: meta.description,
          name: meta.name,
          configSchema: branch.schema,
        };
      }),
  },
} satisfies Record<string, ServerOverride>;
