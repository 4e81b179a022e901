/**
 * Logto's Management API contract as operations: every operation `@logto/api`'s `management.d.ts` declares, and the
 * test files that drive it through a client typed by those declarations (`client.GET('/api/…')` and the other
 * methods, with the path exactly as declared). `docs/logto-contract.md` is written from it
 * (`npm run contract:list`); the unit test `logto-contract-coverage.test.ts` holds it true.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const declarations = join(root, 'node_modules/@logto/api/lib/generated-types/management.d.ts');
export const listFile = join(root, 'docs/logto-contract.md');
export const pendingFile = join(root, 'tests/contract/pending.json');

export interface Operation {
  /** `GET /api/roles/{id}` */
  key: string;
  id: string;
  method: string;
  path: string;
}

/** Every operation of the `paths` interface, in the document's order. */
export const logtoOperations = (): Operation[] => {
  const text = readFileSync(declarations, 'utf8');
  const paths = text.slice(text.indexOf('export interface paths'), text.indexOf('export type webhooks'));
  const operations: Operation[] = [];
  let path = '';
  for (const line of paths.split('\n')) {
    const pathLine = /^ {4}"(\/[^"]+)": \{/.exec(line);
    if (pathLine) path = pathLine[1] ?? '';
    const method = /^ {8}(get|put|post|delete|patch): operations\["(\w+)"\];/.exec(line);
    if (method?.[1] && method[2]) {
      const verb = method[1].toUpperCase();
      operations.push({ key: `${verb} ${path}`, id: method[2], method: verb, path });
    }
  }
  return operations;
};

const testFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** Operation key → the test files (relative to the root) that call it through the typed client. */
export const drivenOperations = (): Map<string, string[]> => {
  const driven = new Map<string, string[]>();
  for (const file of testFiles(join(root, 'tests'))) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/\.(GET|POST|PUT|PATCH|DELETE)\(\s*['"`](\/api\/[^'"`]+)['"`]/g)) {
      const key = `${call[1]} ${call[2]}`;
      const files = driven.get(key) ?? [];
      const name = relative(root, file);
      if (!files.includes(name)) driven.set(key, [...files, name].sort());
    }
  }
  return driven;
};

/** Operations without a test through the typed client yet, most not served yet (a list that only shrinks). */
export const pendingOperations = (): string[] =>
  (JSON.parse(readFileSync(pendingFile, 'utf8')) as { operations: string[] }).operations;

/** `docs/logto-contract.md`: every operation with the tests that drive it, or "not served yet". */
export const contractList = (): string => {
  const operations = logtoOperations();
  const driven = drivenOperations();
  const pending = new Set(pendingOperations());
  const servedCount = operations.filter((operation) => driven.has(operation.key)).length;
  const rows = operations.map((operation) => {
    const files = driven.get(operation.key);
    const tests = files ? files.map((file) => `\`${file}\``).join(', ') : pending.has(operation.key) ? 'pending' : '—';
    return `| ${operation.id} | \`${operation.key}\` | ${tests} |`;
  });
  return [
    '# Logto Management API: operations and their tests',
    '',
    'Written by `npm run contract:list` from `@logto/api` (`lib/generated-types/management.d.ts`) and the test files',
    'that call each operation through a client typed by it; `tests/unit/logto-contract-coverage.test.ts` fails when',
    'an operation has no test and is not in `tests/contract/pending.json`, or when this file is stale.',
    '',
    `${servedCount} of ${operations.length} operations driven by a test; ${pending.size} pending (most not served yet).`,
    '',
    '| operation | method and path | driven by |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
};
