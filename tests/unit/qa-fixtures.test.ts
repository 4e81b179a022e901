import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateFixtures } from '../../codegen/qa-fixtures/generate.js';
import { entityModels } from '../../src/generated/entities.js';
import { validators } from '../../src/generated/validators.js';
import { assertFixture, fixtureMismatch } from '../../src/server/qa/check.js';
import { FIXTURES_ROOT, type Fixture, formFixtures } from '../../src/server/qa/fixtures.js';
import { qaForm, qaForms } from '../../src/server/qa/forms.js';
import { inputIssues } from '../../src/shared/branches.js';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-qa-fixtures-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const write = (path: string, content: unknown) => writeFileSync(path, `${JSON.stringify(content, null, 2)}\n`);

/** What the role create form's compiled validator says of a body, as the API reports it. */
const roleCreateIssues = (body: unknown) => {
  const key = qaForm(entityModels, 'role', 'create')?.validatorKey ?? '';
  const validate = validators[key as keyof typeof validators];
  if (!validate) throw new Error('no role create validator');
  return validate(structuredClone(body)) ? [] : inputIssues(validate.errors);
};

describe('a fixture that does not hold', () => {
  it('fails with a sentence naming its file, what it expects and what came instead', () => {
    const dir = scratch();
    cpSync(join(FIXTURES_ROOT, 'role/create'), join(dir, 'role/create'), { recursive: true });
    // A deliberately broken expectation: the name is too long, the file says the description is.
    const file = join(dir, 'role/create/invalid/name-too-long.json');
    const broken = JSON.parse(readFileSync(file, 'utf8'));
    write(file, { ...broken, expect: { path: '/description', keyword: 'maxLength' } });
    const fixture = formFixtures('role', 'create', [dir]).invalid.find((f) => f.name === 'name-too-long') as Fixture;
    expect(() => assertFixture(fixture, roleCreateIssues(fixture.body))).toThrow(
      `${file}: expected an error at /description (maxLength), got /name (maxLength) "must NOT have more than 128 characters"`,
    );
  });

  it('names a valid body that meets errors, an expected message that differs, and a refused body with none', () => {
    const base = { name: 'x', body: {}, generated: false, file: 'tests/fixtures/role/create/valid/x.json' };
    expect(fixtureMismatch(base, [{ path: '/name', keyword: 'minLength', message: 'too short' }])).toBe(
      'tests/fixtures/role/create/valid/x.json: expected no errors, got /name (minLength) "too short"',
    );
    const invalid = { ...base, expect: { path: '/name', keyword: 'minLength' }, message: 'must not be empty' };
    expect(fixtureMismatch(invalid, [{ path: '/name', keyword: 'minLength', message: 'too short' }])).toContain(
      'expected an error at /name (minLength) "must not be empty", got /name (minLength) "too short"',
    );
    expect(fixtureMismatch(invalid, [])).toContain('got no errors');
    expect(fixtureMismatch(invalid, [{ path: '/name', keyword: 'minLength', message: 'must not be empty' }])).toBe(
      undefined,
    );
  });

  it('holds for every fixture of the project against its form validator', () => {
    let checked = 0;
    for (const form of qaForms(entityModels)) {
      const validate = validators[form.validatorKey as keyof typeof validators];
      if (!validate) throw new Error(`no validator for ${form.entity}/${form.form}`);
      const { valid, invalid } = formFixtures(form.entity, form.form);
      expect(valid.length, `${form.entity}/${form.form}: valid fixtures`).toBeGreaterThan(0);
      expect(invalid.length, `${form.entity}/${form.form}: invalid fixtures`).toBeGreaterThan(0);
      for (const fixture of [...valid, ...invalid]) {
        const issues = validate(structuredClone(fixture.body)) ? [] : inputIssues(validate.errors);
        assertFixture(fixture, issues);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe('the fixture loader', () => {
  it('refuses a valid fixture that expects an error and an invalid one that names none, naming the file', () => {
    const dir = scratch();
    cpSync(join(FIXTURES_ROOT, 'role/create'), join(dir, 'role/create'), { recursive: true });
    write(join(dir, 'role/create/valid/odd.json'), { body: {}, expect: { path: '/name', keyword: 'required' } });
    expect(() => formFixtures('role', 'create', [dir])).toThrow(/role\/create\/valid\/odd\.json: a valid fixture/);
    rmSync(join(dir, 'role/create/valid/odd.json'));
    write(join(dir, 'role/create/invalid/vague.json'), { body: {} });
    expect(() => formFixtures('role', 'create', [dir])).toThrow(/role\/create\/invalid\/vague\.json: an invalid/);
  });

  it('lets hand-written fixtures win over generated ones of the same name or the same expected error', () => {
    const dir = scratch();
    const folder = join(dir, 'role/create');
    cpSync(join(FIXTURES_ROOT, 'role/create'), folder, { recursive: true });
    write(join(folder, 'valid/gen-minimal.json'), { generated: true, body: { name: 'g', description: 'g' } });
    write(join(folder, 'invalid/gen-name-too-long-again.json'), {
      generated: true,
      body: { name: 'x'.repeat(129), description: 'd' },
      expect: { path: '/name', keyword: 'maxLength' },
    });
    write(join(folder, 'invalid/gen-name-wrong.json'), {
      generated: true,
      body: { name: 5, description: 'd' },
      expect: { path: '/name', keyword: 'type' },
    });
    const { valid, invalid } = formFixtures('role', 'create', [dir]);
    expect(valid.map((f) => f.name)).not.toContain('gen-minimal');
    expect(invalid.map((f) => f.name)).not.toContain('gen-name-too-long-again');
    expect(invalid.find((f) => f.name === 'gen-name-wrong')).toMatchObject({ generated: true });
    expect(invalid.find((f) => f.name === 'name-too-long')).toMatchObject({ generated: false });
  });
});

describe('npm run fixtures', () => {
  it('writes what is committed, from the schemas alone, and nothing more when run again', () => {
    const dir = scratch();
    for (const entity of ['role', 'hook']) cpSync(join(FIXTURES_ROOT, entity), join(dir, entity), { recursive: true });
    const committed = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) =>
      basename(p).startsWith('gen-'),
    );
    for (const path of committed) rmSync(join(dir, path));
    const forms = qaForms(entityModels).filter((form) => form.entity === 'role' || form.entity === 'hook');
    const first = generateFixtures(forms, validators, dir);
    expect(first.written.map((path) => path.slice(dir.length + 1)).sort()).toEqual(committed.sort());
    for (const path of first.written) {
      expect(readFileSync(path, 'utf8')).toBe(readFileSync(path.replace(dir, FIXTURES_ROOT), 'utf8'));
    }
    expect(generateFixtures(forms, validators, dir)).toEqual({ written: [], removed: [], skipped: [] });
  });

  it('removes a generated file once a hand-written one covers its case', () => {
    const dir = scratch();
    const forms = qaForms(entityModels).filter((form) => form.entity === 'role' && form.form === 'tab-general');
    generateFixtures(forms, validators, dir);
    const folder = join(dir, 'role/tab-general/invalid');
    write(join(folder, 'name-empty.json'), { body: { name: '' }, expect: { path: '/name', keyword: 'minLength' } });
    const { removed } = generateFixtures(forms, validators, dir);
    expect(removed).toEqual([join(folder, 'gen-name-too-short.json')]);
  });
});
