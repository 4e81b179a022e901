import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import type { EntityModel } from '../../../shared/descriptor.js';
import { checkConnection, withProviderConfig } from './provider-config.js';

/** Logto's public email domains, which no enterprise connector may claim (`singleSignOnDomainBlackList`). */
const publicDomains = new Set([
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
  'aol.com',
  'yandex.com',
  'mail.com',
  'protonmail.com',
  'yanex.com',
  'gmx.com',
  'mail.ru',
  'zoho.com',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'sohu.com',
]);

/** A connector's domains in lower case; a public email domain (422) or one named twice (422) refused, as Logto's. */
const checkedDomains = (domains: string[]) => {
  const lower = domains.map((domain) => domain.toLowerCase());
  const forbidden = [...new Set(lower.filter((domain) => publicDomains.has(domain)))];
  if (forbidden.length > 0) throw new ApiError('single_sign_on.forbidden_domains', {}, forbidden);
  const duplicated = [...new Set(lower.filter((domain, index) => lower.indexOf(domain) !== index))];
  if (duplicated.length > 0) throw new ApiError('single_sign_on.duplicated_domains', {}, duplicated);
  return lower;
};

/**
 * The fields a provider's connection needs (its branch's `x-meta.requiredConfig`): each entry a field, or a list of
 * alternatives separated by `|`, each a comma-separated group (SAML: a metadata URL, the metadata, or the entity ID,
 * sign-in URL and certificate).
 */
const missingConfig = (model: EntityModel, providerName: string, config: Record<string, unknown>) => {
  const branch = model.discriminated?.config?.branches[providerName];
  const required = ((branch?.meta as { requiredConfig?: string[] } | undefined)?.requiredConfig ?? []) as string[];
  const present = (field: string) => typeof config[field] === 'string' && config[field] !== '';
  return required.filter((entry) => !entry.split('|').some((group) => group.split(',').every(present)));
};

/**
 * Logto's rules for a connector's write: domains normalized and checked; a configuration, where one is given, whole
 * for its provider and reaching it (400 `connector.invalid_config`; `{}`, the default, is none yet); no token storage
 * (Logto's answer without a secret vault).
 */
export const ssoConnectorOverrides = {
  'ssoConnector.check': {
    kind: 'beforeWrite',
    // The provider is asked ahead of the transaction; the check inside it then reads the copy just fetched.
    prepare: async (values, { model }) => {
      const config = values.config as Record<string, unknown> | undefined;
      if (config && Object.keys(config).length > 0) await checkConnection(model, values.providerName, config);
    },
    run: async (values, { stored, model, context }) => {
      const checked = { ...values };
      // Logto answers a provider it does not support with 422 `connector.not_found`.
      if (!stored && !model.discriminated?.config?.branches[String(values.providerName)]) {
        throw new ApiError('connector.not_found', { type: String(values.providerName) }, undefined, 422);
      }
      if (Array.isArray(values.domains)) checked.domains = checkedDomains(values.domains as string[]);
      // Token storage (Logto's): where the server has a secret vault, for OpenID Connect providers only.
      if (values.enableTokenStorage === true) {
        if (!context.features?.secretVault) throw new ApiError('request.feature_not_supported');
        const providerName = String(values.providerName ?? stored?.providerName);
        const branch = model.discriminated?.config?.branches[providerName];
        if ((branch?.meta as { providerType?: unknown } | undefined)?.providerType !== 'oidc') {
          throw new ApiError('connector.token_storage_not_supported');
        }
      }
      // An empty configuration is a connector not connected yet (what a create without one stores).
      const config = values.config as Record<string, unknown> | undefined;
      if (config && Object.keys(config).length > 0) {
        const providerName = String(values.providerName ?? stored?.providerName);
        const missing = missingConfig(model, providerName, config);
        if (missing.length > 0) {
          const issues = missing.map((entry) => ({ path: `/config/${entry}`, message: 'is required' }));
          throw new ApiError('connector.invalid_config', {}, { issues });
        }
        // A new or changed connection must reach its provider.
        if (JSON.stringify(config) !== JSON.stringify(stored?.config ?? {})) {
          await checkConnection(model, providerName, config);
        }
      }
      return checked;
    },
  },
  'ssoConnector.provider-config': {
    kind: 'afterRead',
    run: withProviderConfig,
  },
} satisfies Record<string, ServerOverride>;
