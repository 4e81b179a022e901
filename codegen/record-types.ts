/**
 * The stored record of every entity as TypeScript types (`src/generated/records.ts`): what `Repository.fromRow`
 * returns, private fields included (a password hash, a secret), derived and write-only fields left out. The API's
 * types (`types.ts`) are what may leave the server; these are what the server itself reads.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import type { EntityModel } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { pascalCase } from './names.js';

const withoutExtensions = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(withoutExtensions);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !key.startsWith('x-') && key !== '$schema')
      .map(([key, value]) => [key, withoutExtensions(value)]),
  );
};

/** The schema of a row read back: exactly the stored columns, each always present (a missing value is `null`). */
const recordSchema = (model: EntityModel): JSONSchema7 => {
  const properties = model.schema.properties ?? {};
  const stored = model.columns.map((column) => column.property).filter((name) => properties[name]);
  return withoutExtensions({
    type: 'object',
    properties: Object.fromEntries(stored.map((name) => [name, properties[name]])),
    required: stored,
    additionalProperties: false,
  }) as JSONSchema7;
};

export const recordTypeName = (model: EntityModel) => `${pascalCase(model.name)}Record`;

export const recordTypes = async (models: EntityModel[], banner: string): Promise<string> => {
  const stored = models.filter((model) => model.columns.length > 0);
  const document = {
    openapi: '3.1.0',
    info: { title: 'Stored records', version: '1' },
    paths: {},
    components: { schemas: Object.fromEntries(stored.map((model) => [recordTypeName(model), recordSchema(model)])) },
  };
  const ast = await openapiTS(document as never, { emptyObjectsUnknown: true });
  const aliases = stored
    .map((model) => `export type ${recordTypeName(model)} = components['schemas']['${recordTypeName(model)}'];`)
    .join('\n');
  return `${banner}${astToString(ast)}\n${aliases}\n`;
};
