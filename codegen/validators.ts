import { hashForSchema, schemaParser } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { customFormats } from '../src/shared/validation-runtime.js';
import { CodegenError } from './load.js';

/** ajv's standalone code requires CommonJS helpers; we point them at one ESM runtime module instead. */
const runtimeRequires: Record<string, string> = {
  'require("ajv/dist/runtime/ucs2length").default': 'ucs2length',
  'require("ajv-formats/dist/formats").fullFormats': 'fullFormats',
};

const toEsm = (code: string, runtime: string): string => {
  let result = code;
  for (const [from, to] of Object.entries(runtimeRequires)) result = result.split(from).join(to);
  const leftover = /require\([^)]*\)/.exec(result);
  if (leftover) throw new CodegenError(`validators need an unknown runtime helper: ${leftover[0]}`);
  return `import { fullFormats, ucs2length } from '${runtime}';\n${result}`;
};

/**
 * Compiles every schema into one ESM module of standalone validators, with the ajv instance and options of the
 * console's form library. The server imports the same module, so both sides validate with identical code:
 * all errors reported, no coercion, no stripping of unknown properties, and no `new Function` in the browser.
 */
export const compileValidators = (schemas: JSONSchema7[], runtime = '../shared/validation-runtime.js'): string => {
  const byKey = new Map<string, object>();
  for (const schema of schemas) {
    const key = hashForSchema(schema as object);
    for (const [subKey, sub] of Object.entries(schemaParser(schema as never))) byKey.set(subKey, sub as object);
    if (!byKey.has(key)) byKey.set(key, { ...schema, $id: key });
  }
  const entries = [...byKey.entries()].sort(([a], [b]) => a.localeCompare(b));
  const ajv = createAjvInstance(undefined, customFormats, {
    code: { source: true, esm: true, lines: false },
    discriminator: true,
    schemas: entries.map(([, schema]) => schema),
  });
  const mapping = Object.fromEntries(entries.map(([key], index) => [`v${index}`, key]));
  const code = toEsm(standaloneCode(ajv, mapping), runtime);
  const table = entries.map(([key], index) => `  ${JSON.stringify(key)}: v${index},`).join('\n');
  return `${code}\n\n/** Validators keyed by the form library's schema hash. */\nexport const validators = {\n${table}\n};\n`;
};

/**
 * The validators of a few schemas compiled in memory, keyed by the same hash, with the instance and options of
 * `compileValidators`: what codegen checks the bodies it generates with before it has written the module.
 */
export const compileInMemory = (schemas: readonly JSONSchema7[]): Record<string, ValidateFunction> => {
  const ajv = createAjvInstance(undefined, customFormats, { discriminator: true });
  const byKey = new Map(schemas.map((schema) => [hashForSchema(schema as object), schema]));
  return Object.fromEntries([...byKey].map(([key, schema]) => [key, ajv.compile(schema as object)]));
};
