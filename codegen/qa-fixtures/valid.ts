import { type GenerateSyncOptions, generateSync, type JsonSchema } from 'json-schema-faker';
import type { JSONSchema7 } from '../../src/shared/json-schema.js';
import type { FixtureIssue } from '../../src/shared/qa/check.js';

/** A generated case: the file's name (without `gen-`), the body and, for an invalid one, the error it expects. */
export interface GeneratedCase {
  name: string;
  body: unknown;
  expect?: { path: string; keyword: string };
}

/** What the form's compiled validator says of a body: its issues as the API reports them, none when valid. */
export type Check = (body: unknown) => FixtureIssue[];

/** A stable number from a text, so each form's seeds do not depend on which other forms exist. */
export const seedOf = (text: string): number => {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
};

const common: GenerateSyncOptions = { maxItems: 2, maxLength: 24, useDefaultValue: true, useExamplesValue: true };

const variants: { name: string; options: GenerateSyncOptions }[] = [
  // The least a body needs: required properties only, from defaults and examples where the schema gives them.
  { name: 'minimal', options: { ...common, optionalsProbability: 0 } },
  // Every property set.
  { name: 'full', options: { ...common, alwaysFakeOptionals: true } },
  // Random values throughout, about half the optional properties.
  { name: 'random', options: { maxItems: 3, maxLength: 40, optionalsProbability: 0.5 } },
];

/**
 * The schema the generator fills: whole numbers where any number goes (timestamps are milliseconds, stored whole),
 * and without the optional write-only properties (a password hash made elsewhere must match its algorithm, and
 * what is never answered back cannot be seen stored as sent).
 */
const fillable = (schema: JSONSchema7): JSONSchema7 => {
  const whole = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(whole);
    if (!node || typeof node !== 'object') return node;
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, whole(value)]));
    if (copy.type === 'number') copy.type = 'integer';
    if (Array.isArray(copy.type)) copy.type = copy.type.map((t) => (t === 'number' ? 'integer' : t));
    return copy;
  };
  const copy = whole(schema) as JSONSchema7;
  const required = new Set(copy.required ?? []);
  const properties = Object.entries(copy.properties ?? {}).filter(([name, p]) => required.has(name) || !p.writeOnly);
  return { ...copy, properties: Object.fromEntries(properties) };
};

/** Tries a few seeds and keeps the first body the form's validator accepts. */
const firstValid = (schema: JSONSchema7, options: GenerateSyncOptions, seed: number, check: Check) => {
  for (let attempt = 0; attempt < 10; attempt++) {
    let body: unknown;
    try {
      body = generateSync(fillable(schema) as JsonSchema, { ...options, seed: seed + attempt });
    } catch {
      continue;
    }
    if (check(structuredClone(body)).length === 0) return body;
  }
  return undefined;
};

/**
 * Valid bodies of a form, generated from its schema with a fixed seed per form (`key`, e.g. `role/create`), so the
 * same schema gives the same bodies: `minimal`, `full` and `random`, each kept only when the form's validator
 * accepts it and it differs from those before it.
 */
export const validCases = (key: string, schema: JSONSchema7, check: Check): GeneratedCase[] => {
  const cases: GeneratedCase[] = [];
  for (const { name, options } of variants) {
    const body = firstValid(schema, options, seedOf(`${key}/${name}`), check);
    if (body === undefined) continue;
    const text = JSON.stringify(body);
    if (cases.some((other) => JSON.stringify(other.body) === text)) continue;
    cases.push({ name, body });
  }
  return cases;
};
