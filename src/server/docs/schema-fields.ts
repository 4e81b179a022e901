import { html, type SafeHtml } from '../interaction/html.js';

/** The part of JSON Schema the reference shows. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  readOnly?: boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
}

export type Schemas = Record<string, Schema>;

export const schemaName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
export const schemaAnchor = (name: string) => `schema-${name}`;

/** A schema's type in a few words, named schemas as links to their section. */
export const typeOf = (schema: Schema | undefined): SafeHtml => {
  if (!schema) return html`any`;
  if (schema.$ref) {
    const name = schemaName(schema.$ref);
    return html`<a href="#${schemaAnchor(name)}">${name}</a>`;
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return html`${variants.map((variant, i) => html`${i > 0 ? ' | ' : ''}${typeOf(variant)}`)}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) return html`array of ${typeOf(schema.items)}${types.includes('null') ? ' | null' : ''}`;
  const named = types.map((type) => (type === 'string' && schema.format ? `${type} (${schema.format})` : type));
  return html`${named.join(' | ') || 'any'}`;
};

/** Limits and allowed values, as a reader checks them. */
const constraints = (schema: Schema): string[] => {
  const notes: string[] = [];
  if (schema.enum) notes.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.minLength !== undefined) notes.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) notes.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) notes.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`max ${schema.maximum}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.readOnly) notes.push('read-only');
  return notes;
};

interface Field {
  name: string;
  schema: Schema;
  required: boolean;
}

/** The fields of an object schema, nested objects' fields as `parent.child`, a named schema resolved once. */
export const fieldsOf = (schema: Schema | undefined, schemas: Schemas, prefix = '', depth = 0): Field[] => {
  const resolved = schema?.$ref ? schemas[schemaName(schema.$ref)] : schema;
  if (!resolved?.properties || depth > 3) return [];
  return Object.entries(resolved.properties).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const own = { name: path, schema: field, required: resolved.required?.includes(name) ?? false };
    return field.properties ? [own, ...fieldsOf(field, schemas, `${path}.`, depth + 1)] : [own];
  });
};

export const fieldsTable = (fields: Field[]): SafeHtml =>
  html`<table class="fields">
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead>
<tbody>
${fields.map(
  (
    field,
  ) => html`<tr><td><code>${field.name}</code>${field.required ? html` <span class="required">required</span>` : ''}</td>
<td>${typeOf(field.schema)}</td>
<td>${field.schema.description ?? ''}${constraints(field.schema).map((note) => html`<span class="constraint">${note}</span>`)}</td></tr>
`,
)}</tbody>
</table>`;
