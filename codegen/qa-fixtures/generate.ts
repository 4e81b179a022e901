import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { withDefaults } from '../../src/server/crud/defaults.js';
import { formFixtures, GENERATED_PREFIX } from '../../src/server/qa/fixtures.js';
import type { QaForm } from '../../src/server/qa/forms.js';
import { inputIssues } from '../../src/shared/branches.js';
import { type CompiledValidator, recordRuleIssues } from '../../src/shared/record-rules.js';
import { invalidCases } from './invalid.js';
import { jsonText } from './json-text.js';
import { type Check, type GeneratedCase, validCases } from './valid.js';

export type Validator = ((body: unknown) => boolean) & { errors?: ErrorObject[] | null };

export interface GeneratedFixtures {
  /** Files written or rewritten, relative to the fixtures directory. */
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

/**
 * Writes the generated fixtures of one validity of a form into `folder` (`gen-<name>.json`, `"generated": true`),
 * leaving out what a hand-written file there covers: one of the same name without `gen-`, or (invalid ones) one
 * expecting the same path and keyword. Generated files of cases that are gone are removed; files whose content is
 * unchanged are left alone, so running it twice writes nothing the second time.
 */
const writeFolder = (folder: string, cases: GeneratedCase[], written: GeneratedCase[], result: GeneratedFixtures) => {
  const covered = (c: GeneratedCase) =>
    written.some(
      (w) =>
        w.name === c.name || (c.expect && w.expect?.path === c.expect.path && w.expect.keyword === c.expect.keyword),
    );
  const kept = new Map(
    uniqueNames(cases)
      .filter((c) => !covered(c))
      .map((c) => [
        `${GENERATED_PREFIX}${c.name}.json`,
        jsonText({ generated: true, body: c.body, ...(c.expect ? { expect: c.expect } : {}) }),
      ]),
  );
  const present = existsSync(folder) ? readdirSync(folder).filter((f) => f.startsWith(GENERATED_PREFIX)) : [];
  for (const file of present.filter((f) => !kept.has(f))) {
    rmSync(join(folder, file));
    result.removed.push(join(folder, file));
  }
  for (const [file, text] of kept) {
    const path = join(folder, file);
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, text);
    result.written.push(path);
  }
};

/**
 * Generates the fixtures of every form into `dir` (`<entity>/<form>/{valid,invalid}/gen-*.json`) from its schema,
 * checked with its compiled validator: valid bodies (minimal, full, random) and invalid ones breaking one rule each
 * (see `invalidCases`), starting from the minimal valid body.
 */
export const generateFixtures = (
  forms: readonly QaForm[],
  validators: Readonly<Record<string, Validator>>,
  dir: string,
): GeneratedFixtures => {
  const result: GeneratedFixtures = { written: [], removed: [], skipped: [] };
  for (const form of forms) {
    const validate = validators[form.validatorKey];
    if (!validate) throw new Error(`No compiled validator ${form.validatorKey} for ${form.entity}/${form.form}`);
    const rules = form.recordRules ? validators[form.recordRules.validatorKey] : undefined;
    const check = checkOf(validate, form, rules);
    const valid = validCases(`${form.entity}/${form.form}`, form.schema, check);
    const base = valid[0]?.body;
    if (!base || typeof base !== 'object' || Array.isArray(base)) {
      result.skipped.push(`${form.entity}/${form.form}`);
      continue;
    }
    const full = valid.find((c) => c.name === 'full')?.body ?? base;
    const invalid = invalidCases(form.schema, base as Record<string, unknown>, full, check);
    const written = formFixtures(form.entity, form.form, [dir]);
    const handWritten = (list: typeof written.valid) =>
      list
        .filter((f) => !f.generated)
        .map((f) => ({ name: f.name, body: f.body, ...(f.expect ? { expect: f.expect } : {}) }));
    const folder = join(dir, form.entity, form.form);
    writeFolder(join(folder, 'valid'), valid, handWritten(written.valid), result);
    writeFolder(join(folder, 'invalid'), invalid, handWritten(written.invalid), result);
  }
  return result;
};
