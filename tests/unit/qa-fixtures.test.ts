import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEntities } from '../../codegen/load.js';
import { buildModels } from '../../codegen/model.js';
import { generateFixtures } from '../../codegen/qa-fixtures/generate.js';
import { formValidators } from '../../codegen/starting-fixtures.js';
import { entityModels } from '../../src/generated/entities.js';
import { validators } from '../../src/generated/validators.js';
import { inputIssues } from '../../src/shared/branches.js';
import { assertFixture, fixtureMismatch } from '../../src/shared/qa/check.js';
import { ENTITIES_ROOT, type Fixture, formFixtures } from '../../src/shared/qa/fixtures.js';
import { qaForm, qaForms } from '../../src/shared/qa/forms.js';

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

/** A scratch root of entity folders holding a copy of the role's create fixtures; returns the form's folder. */
const roleCreateCopy = (dir: string) => {
  const folder = join(dir, 'role/fixtures/create');
  cpSync(join(ENTITIES_ROOT, 'role/fixtures/create'), folder, { recursive: true });
  return folder;
};

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
    // A deliberately broken expectation: the name is too long, the file says the description is.
    const file = join(roleCreateCopy(dir), 'invalid/name-too-long.json');
    const broken = JSON.parse(readFileSync(file, 'utf8'));
    write(file, { ...broken, expect: { path: '/description', keyword: 'maxLength' } });
    const fixture = formFixtures('role', 'create', [dir]).invalid.find((f) => f.name === 'name-too-long') as Fixture;
    expect(() => assertFixture(fixture, roleCreateIssues(fixture.body))).toThrow(
      `${file}: expected an error at /description (maxLength), got /name (maxLength) "must NOT have more than 128 characters"`,
    );
  });

  it('names a valid body that meets errors, an expected message that differs, and a refused body with none', () => {
    const file = 'src/entities/role/fixtures/create/valid/x.json';
    const base = { name: 'x', body: {}, generated: false, file };
    expect(fixtureMismatch(base, [{ path: '/name', keyword: 'minLength', message: 'too short' }])).toBe(
      `${file}: expected no errors, got /name (minLength) "too short"`,
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
    const folder = roleCreateCopy(dir);
    write(join(folder, 'valid/odd.json'), { body: {}, expect: { path: '/name', keyword: 'required' } });
    expect(() => formFixtures('role', 'create', [dir])).toThrow(/role\/fixtures\/create\/valid\/odd\.json: a valid/);
    rmSync(join(folder, 'valid/odd.json'));
    write(join(folder, 'invalid/vague.json'), { body: {} });
    expect(() => formFixtures('role', 'create', [dir])).toThrow(/create\/invalid\/vague\.json: an invalid/);
  });

  it('lets hand-written fixtures win over generated ones of the same name or the same expected error', () => {
    const dir = scratch();
    const folder = roleCreateCopy(dir);
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
  // As the command builds them: from the entity folders alone, with validators compiled in memory.
  const projectForms = qaForms(buildModels(loadEntities(join(ENTITIES_ROOT, '../..'))));
  const inMemory = formValidators(projectForms);

  it('writes what is committed, from the entity folders alone, and nothing more when run again', () => {
    const dir = scratch();
    for (const entity of ['role', 'hook']) {
      cpSync(join(ENTITIES_ROOT, entity, 'fixtures'), join(dir, entity, 'fixtures'), { recursive: true });
    }
    const committed = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) =>
      basename(p).startsWith('gen-'),
    );
    for (const path of committed) rmSync(join(dir, path));
    const forms = projectForms.filter((form) => form.entity === 'role' || form.entity === 'hook');
    const first = generateFixtures(forms, inMemory, dir);
    expect(first.written.map((path) => path.slice(dir.length + 1)).sort()).toEqual(committed.sort());
    for (const path of first.written) {
      expect(readFileSync(path, 'utf8')).toBe(readFileSync(path.replace(dir, ENTITIES_ROOT), 'utf8'));
    }
    expect(generateFixtures(forms, inMemory, dir)).toEqual({ written: [], removed: [], skipped: [] });
  });

  it('removes a generated file once a hand-written one covers its case', () => {
    const dir = scratch();
    const forms = qaForms(entityModels).filter((form) => form.entity === 'role' && form.form === 'tab-general');
    generateFixtures(forms, validators, dir);
    const folder = join(dir, 'role/fixtures/tab-general/invalid');
    write(join(folder, 'name-empty.json'), { body: { name: '' }, expect: { path: '/name', keyword: 'minLength' } });
    const { removed } = generateFixtures(forms, validators, dir);
    expect(removed).toEqual([join(folder, 'gen-name-too-short.json')]);
  });
});
