import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The QA fixtures of the generated forms: request bodies, one JSON file each, in the entity's folder under
 * `src/entities/<entity>/fixtures/<form>/valid/<name>.json` and `.../invalid/<name>.json`, where `<form>` is
 * `create`, `tab-<tabKey>` or `action-<actionKey>` (see `qaForms`). Node only (it reads the files): the server's QA
 * service, codegen and the tests use it.
 *
 * A valid fixture is `{ "body": … }`; an invalid one breaks one rule and says which:
 * `{ "body": …, "expect": { "path": "/field", "keyword": "maxLength" }, "message"?: "…" }`, where `path` is the JSON
 * pointer of the offending value (for a missing or unknown property, the property itself) and `message` the English
 * error text, when it matters. Generated files (the starting set codegen writes for a new form, refreshed by
 * `npm run fixtures`) are named `gen-<name>.json` and carry `"generated": true`; hand-written files win over them
 * (see `formFixtures`).
 */

/** The project's entity folders (`src/entities`), each holding its fixtures in `fixtures/`. */
// From the module's directory: a browser-like test environment (jsdom) gives modules an http URL.
export const ENTITIES_ROOT = join(import.meta.dirname, '../../entities');
const projectRoot = join(import.meta.dirname, '../../..');

/** The folder of one form's fixtures: `<entities>/<entity>/fixtures/<form>`. */
export const formFolder = (entities: string, entity: string, form: string): string =>
  join(entities, entity, 'fixtures', form);

export interface FixtureExpectation {
  path: string;
  keyword: string;
}

export interface Fixture {
  name: string;
  body: unknown;
  /** Invalid fixtures only: where the error is and which rule raises it. */
  expect?: FixtureExpectation;
  /** The expected English error text, when the fixture names one. */
  message?: string;
  /** Generated (the starting set, `gen-*.json`) rather than written by hand. */
  generated: boolean;
  /** The file, relative to the project when inside it: what a failure names. */
  file: string;
}

export interface FormFixtures {
  valid: Fixture[];
  invalid: Fixture[];
}

export const GENERATED_PREFIX = 'gen-';

const shown = (path: string) => {
  const inside = relative(projectRoot, path);
  return inside.startsWith('..') ? path : inside;
};

const readFolder = (dir: string, validity: 'valid' | 'invalid'): Fixture[] => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const path = join(dir, file);
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      const fixture: Fixture = {
        name: file.replace(/\.json$/, ''),
        body: parsed.body,
        generated: parsed.generated === true,
        file: shown(path),
      };
      if (!('body' in parsed)) throw new Error(`${fixture.file}: a fixture needs a "body"`);
      const expect = parsed.expect as Partial<FixtureExpectation> | undefined;
      if (validity === 'valid' && expect !== undefined) {
        throw new Error(`${fixture.file}: a valid fixture must not carry an expected failure ("expect")`);
      }
      if (validity === 'invalid') {
        if (typeof expect?.path !== 'string' || typeof expect.keyword !== 'string') {
          throw new Error(
            `${fixture.file}: an invalid fixture must say which rule it breaks (expect.path, expect.keyword)`,
          );
        }
        fixture.expect = { path: expect.path, keyword: expect.keyword };
      }
      if (typeof parsed.message === 'string') fixture.message = parsed.message;
      return fixture;
    });
};

const sameCase = (a: FixtureExpectation, b: FixtureExpectation) => a.path === b.path && a.keyword === b.keyword;

/**
 * Hand-written fixtures win: a generated file is left out when a hand-written one has its name without the `gen-`
 * prefix, or (invalid ones) when a hand-written one already expects the same error (path and keyword).
 */
const withoutShadowed = (fixtures: Fixture[]): Fixture[] => {
  const written = fixtures.filter((fixture) => !fixture.generated);
  const names = new Set(written.map((fixture) => fixture.name));
  return fixtures.filter((fixture) => {
    if (!fixture.generated) return true;
    if (names.has(fixture.name.slice(GENERATED_PREFIX.length))) return false;
    const expected = fixture.expect;
    return !expected || !written.some((other) => other.expect && sameCase(other.expect, expected));
  });
};

/**
 * The fixtures of one form (`create`, `tab-<key>`, `action-<key>`) of an entity, found in the first of `roots`
 * (directories of entity folders) that has a folder for it; hand-written ones first, then the generated ones they
 * leave standing. A new file is picked up with no code change.
 */
export const formFixtures = (
  entity: string,
  form: string,
  roots: readonly string[] = [ENTITIES_ROOT],
): FormFixtures => {
  const dir = roots.map((root) => formFolder(root, entity, form)).find((candidate) => existsSync(candidate));
  if (!dir) return { valid: [], invalid: [] };
  const ordered = (fixtures: Fixture[]) =>
    withoutShadowed([...fixtures.filter((f) => !f.generated), ...fixtures.filter((f) => f.generated)]);
  return {
    valid: ordered(readFolder(join(dir, 'valid'), 'valid')),
    invalid: ordered(readFolder(join(dir, 'invalid'), 'invalid')),
  };
};

/** The entity folders of `root` with fixtures for `form`; a new folder is picked up with no code change. */
export const entitiesWithFixtures = (form: string, root: string = ENTITIES_ROOT): string[] =>
  existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(formFolder(root, entry.name, form)))
        .map((entry) => entry.name)
        .sort()
    : [];
