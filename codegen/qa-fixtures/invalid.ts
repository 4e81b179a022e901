import type { JSONSchema7 } from '../../src/shared/json-schema.js';
import type { Check, GeneratedCase } from './valid.js';

/** A property's name as a file name part: `accessTokenTtl` → `access-token-ttl`. */
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

type Candidate = { name: string; keyword: string; values: unknown[] };

const typeOf = (value: unknown): string[] => {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (Number.isInteger(value)) return ['integer', 'number'];
  return [typeof value];
};

/** One value of a type the property does not take. */
const wrongType = (types: string[]): unknown =>
  [true, 12345, 'text', ['text'], { key: 'value' }, 1.5].find((value) => !typeOf(value).some((t) => types.includes(t)));

/** Strings of `length` characters made from `sample`'s (a valid value, so a pattern still holds where it can). */
const ofLength = (sample: string, length: number) => {
  const chars = [...(sample || 'a')];
  return [Array.from({ length }, (_, i) => chars[i % chars.length]).join(''), 'a'.repeat(length)];
};

/** The values that break one rule of a property's schema each, with the rule's keyword. */
const candidates = (name: string, schema: JSONSchema7, sample: unknown): Candidate[] => {
  const field = kebab(name);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const text = typeof sample === 'string' ? sample : '';
  const loose = schema as Record<string, unknown>;
  const found: Candidate[] = [];
  const add = (suffix: string, keyword: string, ...values: unknown[]) =>
    found.push({ name: `${field}-${suffix}`, keyword, values });
  if (types.length > 0)
    add(`not-${/^[aeiou]/.test(types[0] ?? '') ? 'an' : 'a'}-${types[0]}`, 'type', wrongType(types));
  if (schema.enum) add('not-allowed', 'enum', ...(types.includes('string') ? ['not-one-of-these'] : [987654]));
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    add('too-short', 'minLength', ...ofLength(text, schema.minLength - 1));
  }
  if (typeof schema.maxLength === 'number' && schema.maxLength < 100_000) {
    add('too-long', 'maxLength', ...ofLength(text, schema.maxLength + 1));
  }
  if (schema.pattern) add('pattern', 'pattern', '', ' ', 'not valid!', '!', 'a b', '1abc', '#', '-', '_');
  if (schema.format) add(`not-${kebab(schema.format)}`, 'format', 'not a valid value', 'x', ':', 'a b');
  if (typeof schema.minimum === 'number') add('too-small', 'minimum', schema.minimum - 1);
  if (typeof schema.maximum === 'number') add('too-big', 'maximum', schema.maximum + 1);
  if (typeof loose.exclusiveMinimum === 'number') add('too-small', 'exclusiveMinimum', loose.exclusiveMinimum);
  if (typeof loose.exclusiveMaximum === 'number') add('too-big', 'exclusiveMaximum', loose.exclusiveMaximum);
  if (typeof schema.minItems === 'number' && schema.minItems > 0) add('too-few', 'minItems', []);
  if (schema.uniqueItems && Array.isArray(sample) && sample.length > 0)
    add('repeated', 'uniqueItems', [sample[0], sample[0]]);
  return found;
};

/** The body breaks exactly the expected rule: the validator says so at the property's pointer, and nothing else. */
const breaksOnly = (check: Check, body: unknown, path: string, keyword: string) => {
  const issues = check(structuredClone(body));
  return issues.some((i) => i.path === path && i.keyword === keyword) && issues.every((i) => i.path === path);
};

/**
 * Invalid bodies of a form, each breaking one rule of one top-level property of the schema (type, enum, length,
 * pattern, format, range, item count, uniqueness), each required property left out, and an unknown property where
 * the form takes no others. They start from `base` (a valid body) and, for optional properties, a valid value from
 * `full`; a case is kept only when the validator refuses it at the expected pointer with the expected keyword and
 * for nothing else.
 */
export const invalidCases = (schema: JSONSchema7, base: Record<string, unknown>, full: unknown, check: Check) => {
  const cases: GeneratedCase[] = [];
  const sampleOf = (name: string) =>
    full && typeof full === 'object' ? (full as Record<string, unknown>)[name] : undefined;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = `/${name}`;
    for (const candidate of candidates(name, property, base[name] ?? sampleOf(name))) {
      if (cases.some((other) => other.expect?.path === path && other.expect.keyword === candidate.keyword)) continue;
      const body = candidate.values
        .map((value) => ({ ...base, [name]: value }))
        .find((b) => breaksOnly(check, b, path, candidate.keyword));
      if (body) cases.push({ name: candidate.name, body, expect: { path, keyword: candidate.keyword } });
    }
  }
  for (const name of schema.required ?? []) {
    const { [name]: _left, ...body } = base;
    const path = `/${name}`;
    if (breaksOnly(check, body, path, 'required'))
      cases.push({ name: `missing-${kebab(name)}`, body, expect: { path, keyword: 'required' } });
  }
  if (schema.additionalProperties === false) {
    const body = { ...base, unknownProperty: 'value' };
    const path = '/unknownProperty';
    if (breaksOnly(check, body, path, 'additionalProperties')) {
      cases.push({ name: 'unknown-property', body, expect: { path, keyword: 'additionalProperties' } });
    }
  }
  return cases;
};
