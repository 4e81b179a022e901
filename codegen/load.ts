import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { customFormats } from '../src/shared/validation-runtime.js';
import { withBranches, withDiscoveredBranches } from './branches.js';
import { withChosenBranches, withChosenRules } from './chosen-branches.js';
import { CodegenError } from './errors.js';
import { descriptorFileOf, ENTITIES_DIR, schemaFileOf } from './names.js';
import { withRecordRules } from './record-rules.js';
import type { Descriptor } from './resource-descriptor.js';

export type { Descriptor, DescriptorConsole, DescriptorSide } from './resource-descriptor.js';

export interface LoadedEntity {
  descriptor: Descriptor;
  schema: JSONSchema7;
  descriptorFile: string;
}

export { CodegenError };

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CodegenError(`${file}: ${(error as Error).message}`);
  }
};

/** Inlines every `$ref` (relative file refs with a JSON pointer), so each schema stands alone. */
export const dereference = (node: unknown, baseFile: string, seen: string[] = []): unknown => {
  if (Array.isArray(node)) return node.map((item) => dereference(item, baseFile, seen));
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const [filePart, pointer = ''] = record.$ref.split('#');
    const targetFile = filePart ? resolve(dirname(baseFile), filePart) : baseFile;
    const key = `${targetFile}#${pointer}`;
    if (seen.includes(key)) throw new CodegenError(`${baseFile}: circular $ref ${record.$ref}`);
    let target: unknown = readJson(targetFile);
    for (const segment of pointer.split('/').filter(Boolean)) {
      target = (target as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (target === undefined) throw new CodegenError(`${baseFile}: unresolved $ref ${record.$ref}`);
    const { $ref: _ref, ...siblings } = record;
    const resolved = dereference(target, targetFile, [...seen, key]) as Record<string, unknown>;
    return { ...resolved, ...(dereference(siblings, baseFile, seen) as Record<string, unknown>) };
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, dereference(v, baseFile, seen)]));
};

const entitySchemaMeta = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['$schema', 'title', 'type', 'properties', 'required', 'additionalProperties'],
  properties: {
    $schema: { const: 'https://json-schema.org/draft/2020-12/schema' },
    type: { const: 'object' },
    additionalProperties: { const: false },
    properties: {
      type: 'object',
      propertyNames: { pattern: '^[a-z][a-zA-Z0-9]*$' },
    },
  },
};

/** Keywords an entity schema may use; anything else (a typo, an unknown extension) is a codegen error. */
const knownKeywords = new Set([
  '$schema',
  '$ref',
  '$defs',
  'title',
  'description',
  'type',
  'enum',
  'const',
  'default',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'maxProperties',
  'minProperties',
  'pattern',
  'format',
  'readOnly',
  'writeOnly',
  'deprecated',
  'examples',
  'allOf',
  'oneOf',
  'discriminator',
  'if',
  'then',
  'else',
  'not',
  'x-immutable',
  'x-empty',
  'x-column',
  'x-secret',
  'x-private',
  'x-branches',
  'x-renamed-from',
  'x-derived',
  'x-chosen-by',
  'x-chosen-branches',
  'x-choice',
  'x-meta',
  'x-update-body',
  'x-form',
  'contains',
]);

const subschemaKeys = ['contains', 'items', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not'];

export const checkKeywords = (node: unknown, where: string, insideMap = false): void => {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (!insideMap && !knownKeywords.has(key)) throw new CodegenError(`${where}: unknown keyword "${key}"`);
    if (key === 'properties' || key === '$defs') checkKeywords(value, `${where}/${key}`, true);
    else if ((key === 'allOf' || key === 'oneOf') && Array.isArray(value)) {
      for (const [index, rule] of value.entries()) checkKeywords(rule, `${where}/${key}/${index}`);
    } else if (subschemaKeys.includes(key) || insideMap) checkKeywords(value, `${where}/${key}`);
  }
};

/** Years 1 to 9999 in milliseconds since the epoch: what both a JavaScript Date and PostgreSQL's timestamptz hold. */
export const TIMESTAMP_RANGE = { minimum: -62135596800000, maximum: 253402300799999 } as const;

/** A timestamp column (`x-column: timestamp`) accepts only instants its column can store, unless it narrows them. */
const withTimestampRange = (schema: JSONSchema7): JSONSchema7 => ({
  ...schema,
  properties: Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, prop]) => [
      name,
      prop['x-column'] === 'timestamp' ? { ...TIMESTAMP_RANGE, ...prop } : prop,
    ]),
  ),
});

export const loadEntities = (root: string): LoadedEntity[] => {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    discriminator: true,
  });
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(customFormats)) ajv.addFormat(name, format);
  for (const keyword of [...knownKeywords].filter((k) => k.startsWith('x-'))) ajv.addKeyword(keyword);
  const validateDescriptor = ajv.compile(
    readJson(join(root, 'codegen/meta/resource-descriptor.schema.json')) as object,
  );
  const validateEntitySchema = ajv.compile(entitySchemaMeta);
  // A relation's rows are named by their two keys, not by an id.
  const validateRelationSchema = ajv.compile({
    ...entitySchemaMeta,
    properties: {
      ...entitySchemaMeta.properties,
      properties: { type: 'object', propertyNames: { pattern: '^[a-z][a-zA-Z0-9]*$' } },
    },
  });
  // Every folder of src/entities holding a descriptor is an entity; folders starting with `_` hold shared pieces.
  const names = readdirSync(join(root, ENTITIES_DIR), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .filter((name) => existsSync(join(root, descriptorFileOf(name))))
    .sort();
  return names.map((folder) => {
    const file = descriptorFileOf(folder);
    const descriptorFile = join(root, file);
    const descriptor = readJson(descriptorFile) as Descriptor;
    if (!validateDescriptor(descriptor)) {
      const details = (validateDescriptor.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
      throw new CodegenError(`${file}: invalid descriptor: ${details}`);
    }
    if (descriptor.api && !descriptor.api.operations) descriptor.api.operations = {};
    if (folder !== descriptor.name) {
      throw new CodegenError(`${file}: the folder must be named as the entity, ${ENTITIES_DIR}/${descriptor.name}/`);
    }
    const label = schemaFileOf(descriptor.name);
    const schemaFile = join(root, label);
    const raw = withDiscoveredBranches(readJson(schemaFile), schemaFile, label);
    checkKeywords(raw, label);
    const dereferenced = dereference(raw, schemaFile) as JSONSchema7;
    const chosen = withChosenBranches(dereferenced, label, checkKeywords);
    const schema = withChosenRules(
      withRecordRules(withTimestampRange(withBranches(chosen, label, checkKeywords)), label),
    );
    const validateSchema = descriptor.kind === 'relation' ? validateRelationSchema : validateEntitySchema;
    if (!validateSchema(schema)) {
      const details = (validateSchema.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
      throw new CodegenError(`${label}: ${details}`);
    }
    // A relation is keyed by its two sides instead (its own schema check refuses an id).
    if (descriptor.kind !== 'service' && descriptor.kind !== 'relation' && !(schema as JSONSchema7).properties?.id) {
      throw new CodegenError(`${label}: an entity stored in a table needs an id property`);
    }
    const tenantScoped = descriptor.tenantScoped ?? descriptor.kind !== 'service';
    if (tenantScoped !== Boolean((schema as JSONSchema7).properties?.tenantId)) {
      throw new CodegenError(
        `${label}: ${tenantScoped ? 'a tenant-scoped entity needs a tenantId property' : 'tenantId belongs to tenant-scoped entities only'}`,
      );
    }
    if (!tenantScoped && descriptor.rls) throw new CodegenError(`${file}: rls needs a tenant-scoped entity`);
    ajv.compile(schema); // rejects schemas ajv cannot compile (bad patterns, wrong keyword types)
    return { descriptor, schema, descriptorFile };
  });
};
