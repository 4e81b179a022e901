import { describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { validators } from '../../src/generated/validators.js';
import { baseName, createBodyCheck, fixtureEntities, invalidFixtures, validFixtures } from '../fixtures.js';

const createValidator = (entity: string) => {
  const model = entityModels.find((m) => m.name === entity);
  if (!model) throw new Error(`No entity model ${entity}`);
  const key = model.requestBodies.create?.validatorKey;
  const validate = key ? validators[key] : undefined;
  if (!validate) throw new Error(`No compiled create validator for ${entity}`);
  return createBodyCheck(validate);
};

describe.each(fixtureEntities)('%s create body', (entity) => {
  const validate = createValidator(entity);
  const valid = validFixtures(entity);
  const invalid = invalidFixtures(entity);

  it('has a minimal and a full valid fixture (hand-written or generated) and several invalid ones', () => {
    expect(valid.map(baseName)).toEqual(expect.arrayContaining(['minimal', 'full']));
    expect(invalid.length).toBeGreaterThanOrEqual(5);
  });

  it.each(valid.map((f) => [f.name, f] as const))('accepts %s', (_name, fixture) => {
    const result = validate(fixture.body);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it.each(invalid.map((f) => [f.name, f] as const))('rejects %s', (_name, fixture) => {
    const result = validate(fixture.body);
    expect(result.ok).toBe(false);
    expect(result.errors).toContainEqual(fixture.expect);
    // One rule broken each: nothing else in the body is wrong.
    for (const error of result.errors) expect(error.path).toBe(fixture.expect.path);
  });
});

describe('create validators', () => {
  it('have fixtures for every entity that can be created, and no fixtures for anything else', () => {
    const creatable = entityModels.filter((m) => m.operations.create).map((m) => m.name);
    const missing = creatable.filter((name) => !fixtureEntities.includes(name));
    expect(
      missing,
      `add src/entities/<entity>/fixtures/create/{valid,invalid}/ (npm run codegen writes a starting set) for: ${missing.join(', ')}`,
    ).toEqual([]);
    expect(fixtureEntities.filter((name) => !creatable.includes(name))).toEqual([]);
  });

  it('reject a body that is not an object', () => {
    for (const entity of fixtureEntities) {
      const validate = createValidator(entity);
      for (const body of [null, [], 'name', 3])
        expect(validate(body).ok, `${entity} ${JSON.stringify(body)}`).toBe(false);
    }
  });

  it('do not coerce: a numeric string is not an integer', () => {
    const validate = createValidator('resource');
    expect(validate({ name: 'A', indicator: 'https://a.example.com', accessTokenTtl: '3600' }).ok).toBe(false);
    expect(validate({ name: 'A', indicator: 'https://a.example.com', accessTokenTtl: 3600 }).ok).toBe(true);
  });

  it('count string length in characters, not bytes or UTF-16 units', () => {
    const validate = createValidator('role');
    // 128 emoji are 256 UTF-16 code units but 128 characters.
    expect(validate({ name: '🔑'.repeat(128), description: 'd' }).ok).toBe(true);
    expect(validate({ name: '🔑'.repeat(129), description: 'd' }).errors).toContainEqual({
      path: '/name',
      keyword: 'maxLength',
    });
  });
});
