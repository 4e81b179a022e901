import type { ErrorObject } from 'ajv';
import { expect } from 'vitest';
import { ENTITIES_ROOT, entitiesWithFixtures, type Fixture, formFixtures } from '../src/shared/qa/fixtures.js';

/**
 * The create-body fixtures of the tests, read with the QA fixture loader (`src/shared/qa/fixtures.ts`, which knows
 * every form) from the entity folders: `<entity>/fixtures/create/valid/*.json` and `.../invalid/*.json`,
 * hand-written and generated.
 */
export type { Fixture, FixtureExpectation, FormFixtures } from '../src/shared/qa/fixtures.js';
export { ENTITIES_ROOT, formFixtures } from '../src/shared/qa/fixtures.js';

export interface ValidFixture extends Fixture {
  body: Record<string, unknown>;
}

export interface InvalidFixture extends ValidFixture {
  expect: { path: string; keyword: string };
}

/** Where a validation error points: the offending value, or for `required`/`additionalProperties` the property. */
export const errorPath = (error: ErrorObject): string => {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${error.instancePath}/${String(params.missingProperty)}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${String(params.additionalProperty)}`;
  return error.instancePath;
};

/** Every entity with create-body fixtures; a new folder is picked up with no code change. */
export const fixtureEntities: string[] = entitiesWithFixtures('create');
export type FixtureEntity = string;

/** `root` holds entity folders outside the repository's (a test set's `tests/shapes/<set>/entities`). */
export const validFixtures = (entity: FixtureEntity, root: string = ENTITIES_ROOT): ValidFixture[] =>
  formFixtures(entity, 'create', [root]).valid as ValidFixture[];

export const invalidFixtures = (entity: FixtureEntity, root: string = ENTITIES_ROOT): InvalidFixture[] =>
  formFixtures(entity, 'create', [root]).invalid as InvalidFixture[];

/** A fixture's name without the `gen-` of a generated one: `gen-minimal` is the minimal body too. */
export const baseName = (fixture: Fixture): string => fixture.name.replace(/^gen-/, '');

type CreateValidator = ((body: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * A create validator as the schema tests call it: on a copy (validators must not change what they check, and each
 * fixture stays pristine for the next test), answering whether the body passes and each error's pointer and keyword.
 */
export const createBodyCheck = (validate: CreateValidator) => (body: unknown) => {
  const copy = structuredClone(body);
  const ok = validate(copy);
  expect(copy, 'validation must not coerce or strip').toEqual(body);
  return { ok, errors: (validate.errors ?? []).map((e) => ({ path: errorPath(e), keyword: e.keyword })) };
};

/**
 * The create fixtures of an entity hold against its create validator: a minimal and a full valid body and at least
 * five invalid ones; each valid one passes, and each invalid one fails at the pointer and keyword it expects and at
 * nothing else (one rule broken each).
 */
export const expectCreateFixturesHold = (
  validate: CreateValidator,
  valid: ValidFixture[],
  invalid: InvalidFixture[],
) => {
  const check = createBodyCheck(validate);
  expect(valid.map(baseName)).toEqual(expect.arrayContaining(['minimal', 'full']));
  expect(invalid.length).toBeGreaterThanOrEqual(5);
  for (const fixture of valid) expect(check(fixture.body).errors, fixture.file).toEqual([]);
  for (const fixture of invalid) {
    const result = check(fixture.body);
    expect(result.ok, fixture.file).toBe(false);
    expect(result.errors, fixture.file).toContainEqual(fixture.expect);
    for (const error of result.errors) expect(error.path, fixture.file).toBe(fixture.expect.path);
  }
};
