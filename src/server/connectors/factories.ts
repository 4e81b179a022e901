import { validators } from '../../generated/validators.js';
import { inputIssues } from '../../shared/branches.js';
import type { EntityModel } from '../../shared/descriptor.js';
import type { InputIssue } from '../../shared/input-issue.js';

/** The connector types of Logto; email and SMS connectors are "passwordless", one of each per tenant. */
export type ConnectorType = 'Email' | 'Sms' | 'Social';

/**
 * A connector factory: a branch of the connector's `config` (a file in `src/entities/connector/providers/`), its id the
 * `connectorId` that chooses it, its metadata the branch's `x-meta` (type, name, logo, ... and `sender`, the
 * protocol the server speaks for it).
 */
export interface ConnectorFactory {
  id: string;
  type: ConnectorType;
  /** The protocol a message goes out with (`smtp`); see `src/server/messages/transports.ts`. */
  sender?: string;
  /** The protocol a social connector signs in with (`oidc`, `oauth2`); see `src/server/social/`. */
  protocol?: 'oidc' | 'oauth2';
  /** What Logto's factory responses carry: target, name, description, logo, logoDark, readme, platform, ... */
  metadata: Record<string, unknown>;
  configSchema: Record<string, unknown>;
  validatorKey: string;
}

/** The factories of a connector entity model (the catalog's). */
export const factoriesOf = (model: EntityModel): ConnectorFactory[] =>
  Object.entries(model.discriminated?.config?.branches ?? {}).map(([id, branch]) => {
    const { type, sender, protocol, ...metadata } = (branch.meta ?? {}) as Record<string, unknown>;
    return {
      id,
      type: type as ConnectorType,
      ...(typeof sender === 'string' ? { sender } : {}),
      ...(protocol === 'oidc' || protocol === 'oauth2' ? { protocol } : {}),
      metadata,
      configSchema: branch.schema as Record<string, unknown>,
      validatorKey: branch.validatorKey,
    };
  });

export const findFactory = (id: string, model: EntityModel): ConnectorFactory | undefined =>
  factoriesOf(model).find((factory) => factory.id === id);

/** A connector's target: a standard connector's own (its metadata's), else its factory's. */
export const connectorTarget = (factory: ConnectorFactory, metadata: unknown) => {
  const own = factory.metadata.isStandard === true ? (metadata as { target?: unknown } | null)?.target : undefined;
  return typeof own === 'string' && own ? own : String(factory.metadata.target);
};

export const isPasswordless = (type: ConnectorType) => type === 'Email' || type === 'Sms';

/** A factory as Logto's connector factory responses show it. */
export const presentFactory = (factory: ConnectorFactory) => ({
  type: factory.type,
  ...factory.metadata,
  id: factory.id,
  isDemo: false,
  formItems: formItemsOf(factory.configSchema),
  configSchema: factory.configSchema,
});

/** Where a configuration breaks its factory's schema, each issue at `/config/...`. */
export const configIssues = (factory: ConnectorFactory, config: unknown): InputIssue[] => {
  const validate = (validators as Record<string, ((data: unknown) => boolean) & { errors?: unknown }>)[
    factory.validatorKey
  ];
  if (!validate) throw new Error(`No compiled validator ${factory.validatorKey}; run npm run codegen`);
  return validate(config) ? [] : inputIssues(validate.errors as never, '/config');
};

type SchemaNode = {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, SchemaNode>;
  required?: string[];
};

const itemType = (node: SchemaNode) => {
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (node.enum) return 'Select';
  if (type === 'integer' || type === 'number') return 'Number';
  if (type === 'boolean') return 'Switch';
  if (type === 'object' || type === 'array') return 'Json';
  return 'Text';
};

/**
 * Logto's `formItems` of a factory, made from its configuration schema: one item per top-level property, its type
 * from the property's (a string, number, switch, JSON value or a choice), its label the property's title.
 */
export const formItemsOf = (schema: Record<string, unknown>) => {
  const { properties = {}, required = [] } = schema as SchemaNode;
  return Object.entries(properties).map(([key, node]) => {
    const type = itemType(node);
    return {
      key,
      label: node.title ?? key,
      type,
      required: required.includes(key),
      ...(type === 'Select'
        ? { selectItems: (node.enum ?? []).map((value) => ({ value, title: String(value) })) }
        : {}),
      ...(node.default !== undefined ? { defaultValue: node.default } : {}),
      ...(node.description ? { description: node.description } : {}),
    };
  });
};
