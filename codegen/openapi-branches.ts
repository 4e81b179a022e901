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
