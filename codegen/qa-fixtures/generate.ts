import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hashForSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { inputIssues } from '../../src/shared/branches.js';
import { withDefaults } from '../../src/shared/defaults.js';
import { type Fixture, formFixtures, formFolder, GENERATED_PREFIX } from '../../src/shared/qa/fixtures.js';
import type { QaForm } from '../../src/shared/qa/forms.js';
import { type CompiledValidator, recordRuleIssues } from '../../src/shared/record-rules.js';
import { jsonText } from '../json-text.js';
import { invalidCases } from './invalid.js';
import { type Check, type GeneratedCase, validCases } from './valid.js';

export type Validator = ((body: unknown) => boolean) & { errors?: ErrorObject[] | null };

export interface GeneratedFixtures {
  /** Files written or rewritten. */
  written: string[];
  /** Generated files removed because their case is gone or a hand-written file now covers it. */
  removed: string[];
  /** Forms for which no valid body could be generated (their schema is beyond the generator). */
  skipped: string[];
}

const brief = (issues: ReturnType<typeof inputIssues>) =>
  issues.map(({ path, keyword, message }) => ({ path, keyword, message }));

/**
 * What a form says of a body: its own validator's issues, then those of the entity's cross-field rules on the record
 * the body makes (with the form's defaults for what it leaves out), as the console and the server check both.
 */
const checkOf =
  (validate: Validator, form: QaForm, rules: Validator | undefined): Check =>
  (body) => {
    if (!validate(body)) return brief(inputIssues(validate.errors));
    if (!rules || !body || typeof body !== 'object' || Array.isArray(body)) return [];
    const record = withDefaults(form.schema, body as Record<string, unknown>);
    return brief(recordRuleIssues(rules as CompiledValidator, record));
  };

/** Names made unique within a folder: a second `name-too-long` becomes `name-too-long-2`. */
const uniqueNames = (cases: GeneratedCase[]) => {
  const seen = new Map<string, number>();
  return cases.map((c) => {
    const count = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, count);
    return count === 1 ? c : { ...c, name: `${c.name}-${count}` };
  });
};

/** The hand-written fixtures of a folder as cases, which the generated ones must not repeat. */
export interface HandWritten {
  valid: GeneratedCase[];
  invalid: GeneratedCase[];
}

/**
 * The generated files of one validity (`gen-<name>.json` → text, `"generated": true`), leaving out what a
 * hand-written case covers: one of the same name without `gen-`, or (invalid ones) one expecting the same path and
 * keyword.
 */
const filesOf = (cases: GeneratedCase[], written: GeneratedCase[]): Map<string, string> => {
  const covered = (c: GeneratedCase) =>
    written.some(
      (w) =>
        w.name === c.name || (c.expect && w.expect?.path === c.expect.path && w.expect.keyword === c.expect.keyword),
    );
  return new Map(
    uniqueNames(cases)
      .filter((c) => !covered(c))
      .map((c) => [
        `${GENERATED_PREFIX}${c.name}.json`,
        jsonText({ generated: true, body: c.body, ...(c.expect ? { expect: c.expect } : {}) }),
      ]),
  );
};

/**
 * The generated fixtures of one form from its schema, checked with its validator (`validators`, keyed as the
 * compiled ones): valid bodies (minimal, full, random) and invalid ones breaking one rule each (see `invalidCases`),
 * starting from the minimal valid body; as files relative to the form's folder (`valid/gen-minimal.json` → text).
 * Undefined when no valid body could be generated.
 */
export const generatedFormFiles = (
  form: QaForm,
  validators: Readonly<Record<string, Validator>>,
  handWritten: HandWritten = { valid: [], invalid: [] },
): Map<string, string> | undefined => {
  const validate = validators[form.validatorKey];
  if (!validate) throw new Error(`No compiled validator ${form.validatorKey} for ${form.entity}/${form.form}`);
  const rules = form.recordRules ? validators[form.recordRules.validatorKey] : undefined;
  const check = checkOf(validate, form, rules);
  // Valid bodies satisfy the console's form as well as the API, where the form asks more (`x-form`).
  const strict = form.formSchema ? validators[hashForSchema(form.formSchema as object)] : undefined;
  const formCheck = strict ? checkOf(strict, form, rules) : undefined;
  const valid = validCases(
    `${form.entity}/${form.form}`,
    form.formSchema ?? form.schema,
    formCheck ? (body) => [...check(body), ...formCheck(body)] : check,
  );
  const base = valid[0]?.body;
  if (!base || typeof base !== 'object' || Array.isArray(base)) return undefined;
  const full = valid.find((c) => c.name === 'full')?.body ?? base;
  const invalid = invalidCases(form.schema, base as Record<string, unknown>, full, check);
  const files = new Map<string, string>();
  for (const [set, cases, written] of [
    ['valid', valid, handWritten.valid],
    ['invalid', invalid, handWritten.invalid],
  ] as const) {
    for (const [file, text] of filesOf(cases, written)) files.set(`${set}/${file}`, text);
  }
  return files;
};

const asCases = (fixtures: Fixture[]): GeneratedCase[] =>
  fixtures
    .filter((f) => !f.generated)
    .map((f) => ({ name: f.name, body: f.body, ...(f.expect ? { expect: f.expect } : {}) }));

/**
 * Writes the generated fixtures of every form into its entity's folder under `entities`
 * (`<entity>/fixtures/<form>/{valid,invalid}/gen-*.json`), leaving out what the hand-written files there cover.
 * Generated files of cases that are gone are removed; files whose content is unchanged are left alone, so running it
 * twice writes nothing the second time.
 */
export const generateFixtures = (
  forms: readonly QaForm[],
  validators: Readonly<Record<string, Validator>>,
  entities: string,
): GeneratedFixtures => {
  const result: GeneratedFixtures = { written: [], removed: [], skipped: [] };
  for (const form of forms) {
    const present = formFixtures(form.entity, form.form, [entities]);
    const files = generatedFormFiles(form, validators, {
      valid: asCases(present.valid),
      invalid: asCases(present.invalid),
    });
    if (!files) {
      result.skipped.push(`${form.entity}/${form.form}`);
      continue;
    }
    const folder = formFolder(entities, form.entity, form.form);
    for (const set of ['valid', 'invalid']) {
      const dir = join(folder, set);
      const old = existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(GENERATED_PREFIX)) : [];
      for (const file of old.filter((f) => !files.has(`${set}/${f}`))) {
        rmSync(join(dir, file));
        result.removed.push(join(dir, file));
      }
    }
    for (const [file, text] of files) {
      const path = join(folder, file);
      if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      result.written.push(path);
    }
  }
  return result;
};
