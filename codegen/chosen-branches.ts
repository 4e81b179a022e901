import { hashForSchema } from '@rjsf/utils';
import type { DiscriminatedField } from '../src/shared/branches.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { cleanSchema } from '../src/shared/schema-tools.js';
import { CodegenError } from './errors.js';

/**
 * Fields whose shape a sibling field chooses: a connector's `config` is an SMTP configuration when its
 * `connectorId` is `simple-mail-transfer-protocol`. The discriminator is not inside the value (Logto's wire shape),
 * so the value itself is a plain object and the entity's record rules check it against the chosen branch:
 *
 *   "config": { "x-chosen-by": "connectorId", "x-branches": "_providers/connectors" }
 *
 * Each branch is an object schema with a `title`, the chooser's value that selects it (`x-choice`) and optional
 * data about it (`x-meta`, read by derived fields `{ "x-derived": { "choiceMeta": "config" } }` and by the server).
 */

const fieldKeys = new Set(['title', 'description', 'oneOf', 'x-chosen-by', 'x-immutable', 'deprecated', 'default']);

/** Where a field keeps its branches once it is a plain object (an annotation: validators ignore it). */
export const CHOSEN_BRANCHES = 'x-chosen-branches';

type Field = JSONSchema7 & Record<string, unknown>;

const refuseNestedChoices = (node: unknown, where: string): void => {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'x-chosen-by' || key === 'discriminator' || key === 'oneOf' || key === 'x-choice') {
      throw new CodegenError(`${where}/${key}: a branch chosen by a sibling holds no choice of its own`);
    }
    if (key !== 'x-meta') refuseNestedChoices(value, `${where}/${key}`);
  }
};

const checkBranch = (branch: Field, where: string, checkKeywords: (node: unknown, where: string) => void): string => {
  checkKeywords(branch, where);
  const { type, title, properties } = branch;
  const value = branch['x-choice'];
  if (type !== 'object' || typeof title !== 'string') {
    throw new CodegenError(`${where}: a branch is "type": "object" with a title (the console shows it)`);
  }
  if (typeof value !== 'string' || value.length === 0) {
    throw new CodegenError(`${where}: a branch names the chooser's value that selects it in "x-choice"`);
  }
  const meta = branch['x-meta'];
  if (meta !== undefined && (!meta || typeof meta !== 'object' || Array.isArray(meta))) {
    throw new CodegenError(`${where}/x-meta: an object of values about the branch`);
  }
  const { properties: _properties, 'x-meta': _meta, 'x-choice': _choice, ...rest } = branch;
  refuseNestedChoices(rest, where);
  refuseNestedChoices(properties, `${where}/properties`);
  return value;
};

/**
 * Checks each field chosen by a sibling and makes it a plain object that keeps its branches in
 * `x-chosen-branches` (runs before the other schema checks, which know nothing of them).
 */
export const withChosenBranches = (
  schema: JSONSchema7,
  file: string,
  checkKeywords: (node: unknown, where: string) => void,
): JSONSchema7 => {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, raw]) => {
      const field = raw as Field;
      const chooser = field['x-chosen-by'];
      if (chooser === undefined) return [name, field];
      const where = `${file}#/properties/${name}`;
      const unknown = Object.keys(field).find((key) => !fieldKeys.has(key));
      if (unknown) throw new CodegenError(`${where}: a field chosen by a sibling holds no "${unknown}"`);
      const chooserField = typeof chooser === 'string' ? schema.properties?.[chooser] : undefined;
      if (!chooserField || chooser === name || chooserField.type !== 'string') {
        throw new CodegenError(`${where}/x-chosen-by: name a string field of the entity (the chooser)`);
      }
      const branches = (field.oneOf ?? []) as Field[];
      if (branches.length === 0) throw new CodegenError(`${where}: list the branches (x-branches or oneOf)`);
      const seen = new Map<string, number>();
      const kept = branches.map(({ $schema: _draft, ...branch }, index) => {
        const at = `${where}/oneOf/${index}${branch.title ? ` (${branch.title})` : ''}`;
        const value = checkBranch(branch as Field, at, checkKeywords);
        if (seen.has(value)) throw new CodegenError(`${at}: "x-choice" ${value} is also branch ${seen.get(value)}`);
        seen.set(value, index);
        return branch;
      });
      // A default is `{}`, for a record set up before its settings (an SSO connector's), which every branch accepts.
      if (field.default !== undefined) {
        const empty = typeof field.default === 'object' && field.default !== null && !Array.isArray(field.default);
        if (
          !empty ||
          Object.keys(field.default as object).length > 0 ||
          kept.some((branch) => branch.required?.length)
        ) {
          throw new CodegenError(`${where}/default: only {} and only where no branch requires a property`);
        }
      }
      const { oneOf: _oneOf, ...rest } = field;
      return [name, { ...rest, type: 'object', [CHOSEN_BRANCHES]: kept }];
    }),
  );
  return { ...schema, properties: properties as Record<string, JSONSchema7> };
};

/**
 * Adds one record rule per branch to the schema's top-level `allOf` (after the entity's own rules are checked):
 * when the chooser holds the branch's value, the field follows the branch. So a create is checked with its body and
 * an update with the stored chooser. A chooser value that no branch has is not refused here: give the chooser an
 * `enum`, or refuse it in a server hook.
 */
export const withChosenRules = (schema: JSONSchema7): JSONSchema7 => {
  const rules = Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const chooser = (field as Field)['x-chosen-by'];
    if (typeof chooser !== 'string') return [];
    return chosenBranchesOf(field).map(
      ([value, branch]): JSONSchema7 =>
        Object.fromEntries([
          ['description', `${name} follows branch ${String(branch.title)} when ${chooser} is ${value}`],
          ['if', { type: 'object', required: [chooser], properties: { [chooser]: { const: value } } }],
          ['then', { type: 'object', properties: { [name]: cleanSchema(branch) } }],
        ]),
    );
  });
  return rules.length === 0 ? schema : { ...schema, allOf: [...(schema.allOf ?? []), ...rules] };
};

/** The branches of a field chosen by a sibling, by the chooser's value. */
export const chosenBranchesOf = (field: JSONSchema7 | undefined): [string, Field][] =>
  ((field as Field | undefined)?.[CHOSEN_BRANCHES] as Field[] | undefined)?.map((branch) => [
    String(branch['x-choice']),
    branch,
  ]) ?? [];

/** Each field chosen by a sibling, as the entity model lists it: its chooser and each branch's validator and meta. */
export const chosenBranchModels = (schema: JSONSchema7): Record<string, DiscriminatedField> =>
  Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
      const chooser = (field as Field)['x-chosen-by'];
      if (typeof chooser !== 'string') return [];
      const branches = Object.fromEntries(
        chosenBranchesOf(field).map(([value, branch]) => {
          const clean = cleanSchema(branch);
          const meta = branch['x-meta'] as Record<string, unknown> | undefined;
          return [value, { schema: clean, validatorKey: hashForSchema(clean as object), ...(meta ? { meta } : {}) }];
        }),
      );
      return [[name, { propertyName: chooser, chosenBy: true, branches }]];
    }),
  );

/**
 * A console form showing a field chosen by a sibling: when the form also shows the chooser, the chooser offers the
 * branches' values (an enum) and the form carries one rule per branch, so the form library renders, and the form's
 * validator checks, the branch the chosen value selects. Without the chooser (a settings tab, where it cannot
 * change) the value stays a plain object; a page made for it renders the branch's own form.
 */
export const withChosenForm = (form: JSONSchema7, entity: JSONSchema7): JSONSchema7 => {
  let properties = form.properties ?? {};
  const rules: JSONSchema7[] = [];
  for (const [name, field] of Object.entries(entity.properties ?? {})) {
    const chooser = (field as Field)['x-chosen-by'];
    if (typeof chooser !== 'string' || !properties[name] || !properties[chooser]) continue;
    const branches = chosenBranchesOf(field);
    properties = { ...properties, [chooser]: { ...properties[chooser], enum: branches.map(([value]) => value) } };
    for (const [value, branch] of branches) {
      rules.push(
        Object.fromEntries([
          ['if', { type: 'object', required: [chooser], properties: { [chooser]: { const: value } } }],
          ['then', { type: 'object', properties: { [name]: cleanSchema(branch) } }],
        ]),
      );
    }
  }
  return rules.length === 0 ? form : { ...form, properties, allOf: [...(form.allOf ?? []), ...rules] };
};
