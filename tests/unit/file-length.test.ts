import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const MAX_LINES = 300;

/** Folders of generated output: codegen's, and the test projects compiled into dot folders. */
const generated = (path: string) => path === 'src/generated' || /(^|\/)\.[^/]+$/.test(path);

/** Every hand-written code file below `dir` (relative to the project root). */
const codeFiles = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return generated(path) ? [] : codeFiles(path);
    return /\.(tsx?|js)$/.test(name) ? [path] : [];
  });

const lineCount = (path: string) => {
  const text = readFileSync(join(root, path), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

describe('the hand-written code', () => {
  const files = ['src', 'codegen', 'bench', 'tests'].flatMap(codeFiles);

  it(`has no file over ${MAX_LINES} lines (split a longer one by meaning)`, () => {
    const long = files.filter((path) => lineCount(path) > MAX_LINES).map((path) => `${path}: ${lineCount(path)} lines`);
    expect(long).toEqual([]);
  });

  it('is what the check reads: the code of every folder, not the generated output', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'src/server/crud/operations.ts',
        'src/console/main.tsx',
        'src/shared/validation-runtime.js',
        'codegen/main.ts',
        'bench/run.ts',
        'tests/unit/file-length.test.ts',
      ]),
    );
    // Generated files may be long: the check leaves them out.
    expect(files.filter((path) => path.startsWith('src/generated/'))).toEqual([]);
    expect(lineCount('src/generated/entities.ts')).toBeGreaterThan(MAX_LINES);
  });
});
