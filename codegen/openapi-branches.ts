import type { DiscriminatedField } from '../src/shared/branches.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { cleanSchema } from '../src/shared/schema-tools.js';
import { pascalCase } from './names.js';

/** `Azure AD` → `AzureAd`, `oidc` → `Oidc`: a discriminator value as part of a component name. */
const valueName = (value: string) =>
  value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('');

/**
 * An entity, body or response schema for the OpenAPI document: each polymorphic field's branches become components
 * (`<Entity><Field><Value>`, e.g. `SsoConnectorConfigOidc`) and the field a `oneOf` of references to them with a
 * `discriminator` whose `mapping` names the component of each value, as OpenAPI clients expect.
 */
export const withBranchComponents = (
  schema: JSONSchema7,
  entityName: string,
  components: Record<string, unknown>,
): JSONSchema7 => {
  if (!schema.properties) return schema;
  let changed = false;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => {
      const tag = field.discriminator?.propertyName;
      if (!tag || !field.oneOf) return [name, field];
      changed = true;
      const mapping: Record<string, string> = {};
      const oneOf = field.oneOf.map((branch) => {
        const value = String(branch.properties?.[tag]?.const);
        const component = `${entityName}${pascalCase(name)}${valueName(value)}`;
        components[component] = cleanSchema(branch);
        mapping[value] = `#/components/schemas/${component}`;
        return { $ref: mapping[value] };
      });
      return [name, { ...field, oneOf, discriminator: { propertyName: tag, mapping } }];
    }),
  );
  return changed ? { ...schema, properties: properties as Record<string, JSONSchema7> } : schema;
};

/**
 * The same for fields whose branch a sibling chooses (`config` by `connectorId`): each branch becomes a component
 * (`ConnectorConfigSimpleMailTransferProtocol`), the field (in the entity and in any body that carries it) an
 * `anyOf` of references to them, described with the chooser's value of each, and the entity's record rules point
 * at the components instead of repeating the branches.
 */
export const withChosenComponents = (
  schema: JSONSchema7,
  entityName: string,
  components: Record<string, unknown>,
  discriminated: Record<string, DiscriminatedField> | undefined,
): JSONSchema7 => {
  const chosen = Object.entries(discriminated ?? {}).filter(([, field]) => field.chosenBy);
  if (chosen.length === 0 || !schema.properties) return schema;
  let result = schema;
  for (const [name, field] of chosen) {
    const refs = Object.entries(field.branches).map(([value, branch]) => {
      const component = `${entityName}${pascalCase(name)}${valueName(value)}`;
      components[component] = branch.schema;
      return [value, `#/components/schemas/${component}`] as const;
    });
    const property = result.properties?.[name];
    if (property) {
      const which = refs.map(([value, ref]) => `${value}: ${ref.split('/').pop()}`).join('; ');
      result = {
        ...result,
        properties: {
          ...result.properties,
          [name]: {
            ...property,
            description:
              `${property.description ?? ''} Its shape is chosen by ${field.propertyName} (${which}).`.trim(),
            anyOf: refs.map(([, ref]) => ({ $ref: ref })),
          } as JSONSchema7,
        },
      };
    }
    if (result.allOf) {
      const byValue = new Map(refs);
      result = {
        ...result,
        allOf: result.allOf.map((rule) => {
          const value = rule.if?.properties?.[field.propertyName]?.const;
          const ref = typeof value === 'string' ? byValue.get(value) : undefined;
          if (!ref || !rule.then?.properties?.[name]) return rule;
          const then = { ...rule.then, properties: { ...rule.then.properties, [name]: { $ref: ref } } };
          return Object.fromEntries(Object.entries(rule).map(([key, part]) => [key, key === 'then' ? then : part]));
        }),
      };
    }
  }
  return result;
};
