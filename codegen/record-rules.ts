import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { CodegenError } from './errors.js';

const ruleKeys = new Set(['description', 'if', 'then', 'else']);
const conditionalKeys = new Set(['allOf', 'if', 'then', 'else']);

/** `allOf`, `if`, `then` and `else` mean a cross-field rule, which lives in the top-level `allOf` only. */
const assertNoNestedRules = (node: JSONSchema7 | undefined, where: string): void => {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (conditionalKeys.has(key)) {
      throw new CodegenError(`${where}/${key}: cross-field rules belong in the schema's top-level allOf`);
    }
    if (key === 'properties' || key === '$defs') {
      for (const [name, sub] of Object.entries(value as Record<string, JSONSchema7>))
        assertNoNestedRules(sub, `${where}/${key}/${name}`);
    } else if (['items', 'additionalProperties', 'propertyNames', 'not'].includes(key)) {
      assertNoNestedRules(value as JSONSchema7, `${where}/${key}`);
    } else if (key === 'oneOf') {
      for (const [index, branch] of (value as JSONSchema7[]).entries())
        assertNoNestedRules(branch, `${where}/${key}/${index}`);
    }
  }
};

/** A property of an object schema or, for a polymorphic field, of the first of its branches that has it. */
const propertyOf = (schema: JSONSchema7, name: string): JSONSchema7 | undefined =>
  schema.properties?.[name] ?? schema.oneOf?.map((branch) => branch.properties?.[name]).find(Boolean);

/**
 * A rule's part with the entity's types filled in where it leaves them out (the rule only says what it means;
 * strict compilation wants `properties` under an object type, `format` under a string one). It names only fields
 * the entity has, at the depth it has them: a typo would make a rule that never applies.
 */
const typed = (rule: JSONSchema7, entity: JSONSchema7, where: string): JSONSchema7 => {
  for (const name of rule.required ?? []) {
    if (!propertyOf(entity, name)) throw new CodegenError(`${where}/required: unknown field "${name}"`);
  }
  const result: JSONSchema7 = { ...(entity.type !== undefined ? { type: entity.type } : {}), ...rule };
  if (rule.properties) {
    result.properties = Object.fromEntries(
      Object.entries(rule.properties).map(([name, sub]) => {
        const target = propertyOf(entity, name);
        if (!target) throw new CodegenError(`${where}/properties: unknown field "${name}"`);
        return [name, typed(sub, target, `${where}/properties/${name}`)];
      }),
    );
  }
  if (rule.items) {
    if (!entity.items) throw new CodegenError(`${where}/items: the field is not a list`);
    result.items = typed(rule.items, entity.items, `${where}/items`);
  }
  if (rule.not) result.not = typed(rule.not, entity, `${where}/not`);
  return result;
};

/**
 * Checks an entity schema's cross-field rules — its top-level `allOf`, each an `if`/`then` (and `else`) on the
 * whole record — and returns the schema with their types filled in.
 */
export const withRecordRules = (schema: JSONSchema7, file: string): JSONSchema7 => {
  const { allOf, if: ifPart, then: thenPart, else: elsePart, ...fields } = schema;
  if (ifPart || thenPart || elsePart)
    throw new CodegenError(`${file}: put each cross-field rule in the top-level allOf`);
  assertNoNestedRules(fields, file);
  if (!allOf) return schema;
  if (allOf.length === 0) throw new CodegenError(`${file}/allOf: list at least one cross-field rule`);
  const rules = allOf.map((rule, index) => {
    const where = `${file}/allOf/${index}`;
    const unknown = Object.keys(rule).find((key) => !ruleKeys.has(key));
    if (unknown)
      throw new CodegenError(`${where}: a cross-field rule has if, then, else and a description, not ${unknown}`);
    if (!rule.if || !rule.then) throw new CodegenError(`${where}: a cross-field rule needs if and then`);
    const result: JSONSchema7 = { ...rule };
    for (const key of ['if', 'then', 'else'] as const) {
      const part = rule[key];
      if (!part) continue;
      assertNoNestedRules(part, `${where}/${key}`);
      result[key] = typed(part, schema, `${where}/${key}`);
    }
    return result;
  });
  return { ...schema, allOf: rules };
};

/**
 * The schema codegen compiles into an entity's record validator: its cross-field rules alone. The server checks the
 * record a request would store against it (the created record, or the stored row with the patch applied) and the
 * console its form's record the same way; per-field rules stay with the request bodies.
 */
export const recordRulesSchema = (schema: JSONSchema7): JSONSchema7 | undefined =>
  schema.allOf ? { type: 'object', allOf: schema.allOf } : undefined;
