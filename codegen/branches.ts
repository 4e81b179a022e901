import { readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { hashForSchema } from '@rjsf/utils';
import type { DiscriminatedField } from '../src/shared/branches.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { cleanSchema } from '../src/shared/schema-tools.js';
import { CodegenError } from './errors.js';

/**
 * Polymorphic fields: a top-level field whose value is one of several shapes (an identity provider's settings, one
 * shape per provider), told apart by a discriminator property that every branch fixes with `const`:
 *
 *   "config": { "discriminator": { "propertyName": "providerName" }, "x-branches": "_providers/sso" }
 *
 * `x-branches` names a folder (relative to the schema file) whose `*.schema.json` files are the branches, so a
 * provider is added by adding a file; `oneOf` with a `$ref` per branch file is the explicit form of the same thing.
 */

const fieldKeys = new Set(['description', 'title', 'type', 'oneOf', 'discriminator', 'x-immutable', 'deprecated']);

const bareOneOf = (where: string) =>
  new CodegenError(
    `${where}: oneOf needs a discriminator. Write "discriminator": { "propertyName": "<name>" } beside it and give ` +
      'every branch that property with a "const" value (and list it in the branch\'s required)',
  );

/** Replaces `x-branches` of each top-level field with a `oneOf` of `$ref`s to the folder's branch files. */
export const withDiscoveredBranches = (raw: unknown, schemaFile: string, label: string): unknown => {
  const schema = raw as { properties?: Record<string, Record<string, unknown>> };
  if (!schema?.properties || typeof schema.properties !== 'object') return raw;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => {
      const folder = field?.['x-branches'];
      if (folder === undefined) return [name, field];
      const where = `${label}#/properties/${name}`;
      if (typeof folder !== 'string') throw new CodegenError(`${where}/x-branches: name a folder of branch files`);
      if (field.oneOf) throw new CodegenError(`${where}: use either x-branches or oneOf, not both`);
      let files: string[];
      try {
        files = readdirSync(join(dirname(schemaFile), folder))
          .filter((file) => file.endsWith('.schema.json'))
          .sort();
      } catch {
        throw new CodegenError(`${where}/x-branches: no folder ${folder}`);
      }
      if (files.length === 0) throw new CodegenError(`${where}/x-branches: ${folder} holds no *.schema.json branch`);
      const { 'x-branches': _folder, ...rest } = field;
      return [name, { ...rest, oneOf: files.map((file) => ({ $ref: posix.join(folder, file) })) }];
    }),
  );
  return { ...schema, properties };
};

const branchValue = (option: JSONSchema7, tag: string, where: string): string => {
  const { type, additionalProperties, title, properties, required } = option;
  if (type !== 'object' || additionalProperties !== false) {
    throw new CodegenError(`${where}: a branch is "type": "object" with "additionalProperties": false`);
  }
  if (typeof title !== 'string') throw new CodegenError(`${where}: a branch needs a title (the console shows it)`);
  const value = properties?.[tag]?.const;
  if (typeof value !== 'string' || !required?.includes(tag)) {
    throw new CodegenError(`${where}: a branch fixes "${tag}" with a string "const" and lists it in required`);
  }
  return value;
};

const checkField = (
  field: JSONSchema7 & { discriminator?: unknown },
  where: string,
  checkKeywords: (node: unknown, where: string) => void,
): JSONSchema7 => {
  const unknown = Object.keys(field).find((key) => !fieldKeys.has(key));
  if (unknown) {
    throw new CodegenError(
      `${where}: a polymorphic field has description, discriminator and oneOf; "${unknown}" belongs in a branch`,
    );
  }
  if (field.type !== undefined && field.type !== 'object')
    throw new CodegenError(`${where}: a polymorphic field is an object`);
  const discriminator = field.discriminator as Record<string, unknown>;
  const tag = discriminator?.propertyName;
  if (typeof tag !== 'string' || Object.keys(discriminator).length !== 1) {
    throw new CodegenError(
      `${where}/discriminator: write { "propertyName": "<name>" } only (each branch names its value by const)`,
    );
  }
  const options = field.oneOf ?? [];
  if (!Array.isArray(options) || options.length === 0) throw new CodegenError(`${where}/oneOf: list the branches`);
  const seen = new Map<string, number>();
  for (const [index, option] of options.entries()) {
    const at = `${where}/oneOf/${index}${option.title ? ` (${option.title})` : ''}`;
    checkKeywords(option, at);
    const value = branchValue(option, tag, at);
    if (seen.has(value)) throw new CodegenError(`${at}: "${tag}" ${value} is also branch ${seen.get(value)}`);
    seen.set(value, index);
  }
  // A branch file's `$schema` names the draft of the file; inside the entity it is just a subschema.
  const branches = options.map(({ $schema: _draft, ...branch }) => branch);
  return { ...field, type: 'object', oneOf: branches };
};

/**
 * Checks the polymorphic fields of a dereferenced entity schema and gives each its object type. `oneOf` is accepted
 * only as a top-level field with a discriminator; anywhere else, or without one, it is refused with what to write.
 */
export const withBranches = (
  schema: JSONSchema7,
  file: string,
  checkKeywords: (node: unknown, where: string) => void,
): JSONSchema7 => {
  const refuseNested = (node: unknown, where: string): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) refuseNested(item, `${where}/${index}`);
      return;
    }
    const record = node as Record<string, unknown>;
    if ('oneOf' in record && !('discriminator' in record)) throw bareOneOf(where);
    if ('oneOf' in record || 'discriminator' in record || 'x-branches' in record) {
      throw new CodegenError(`${where}: only a top-level field may be polymorphic (oneOf with a discriminator)`);
    }
    for (const [key, value] of Object.entries(record)) refuseNested(value, `${where}/${key}`);
  };
  const { properties, ...rest } = schema;
  refuseNested(rest, `${file}#`);
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties ?? {}).map(([name, field]) => {
        const where = `${file}#/properties/${name}`;
        const record = field as JSONSchema7 & { discriminator?: unknown };
        if (!('oneOf' in record) && !('discriminator' in record)) {
          refuseNested(field, where);
          return [name, field];
        }
        if (!record.discriminator) throw bareOneOf(where);
        if (!record.oneOf) throw new CodegenError(`${where}: a discriminator needs oneOf (or x-branches)`);
        for (const [index, option] of record.oneOf.entries()) {
          const { properties: optionProperties, ...optionRest } = option;
          refuseNested(optionRest, `${where}/oneOf/${index}`);
          refuseNested(optionProperties, `${where}/oneOf/${index}/properties`);
        }
        return [name, checkField(record, where, checkKeywords)];
      }),
    ),
  };
};

/** The polymorphic fields of an entity schema, each with its discriminator and branch schemas by value. */
export const discriminatedFields = (
  schema: JSONSchema7,
): Record<string, { propertyName: string; options: [string, JSONSchema7][] }> =>
  Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
      const tag = (field as { discriminator?: { propertyName: string } }).discriminator?.propertyName;
      if (!tag || !field.oneOf) return [];
      const options = field.oneOf.map((option): [string, JSONSchema7] => [
        String(option.properties?.[tag]?.const),
        option,
      ]);
      return [[name, { propertyName: tag, options }]];
    }),
  );

/** Each polymorphic field's branches with their own compiled validators (a request body's schema, cleaned). */
export const branchModels = (schema: JSONSchema7): Record<string, DiscriminatedField> | undefined => {
  const fields = Object.entries(discriminatedFields(schema)).map(([name, { propertyName, options }]) => {
    const branches = Object.fromEntries(
      options.map(([value, option]) => {
        const branch = cleanSchema(option);
        return [value, { schema: branch, validatorKey: hashForSchema(branch as object) }];
      }),
    );
    return [name, { propertyName, branches }] as const;
  });
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
};

/**
 * A polymorphic field is a document, not a value to look rows up by: list search, list filters, unique rules and
 * indexes may not name it.
 */
export const refuseLookupsOf = (
  schema: JSONSchema7,
  uses: { where: string; fields: string[] }[],
  file: string,
): void => {
  const polymorphic = new Set(Object.keys(discriminatedFields(schema)));
  for (const { where, fields } of uses) {
    const field = fields.find((name) => polymorphic.has(name.split('.')[0] ?? name));
    if (field) throw new CodegenError(`${file}: ${where} names the polymorphic field ${field}`);
  }
};
