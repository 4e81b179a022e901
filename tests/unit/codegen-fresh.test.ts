import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GenerateResult, generate } from '../../codegen/generate.js';

const root = join(import.meta.dirname, '../..');

/** The one codegen run of the suite: the generated files are checked against it. */
let fresh: GenerateResult;
beforeAll(async () => {
  fresh = await generate({ root });
}, 60_000);

describe('codegen', () => {
  it('writes exactly what is committed in src/generated (no hand edits, nothing stale)', () => {
    const { files, newMigration } = fresh;
    expect(newMigration, 'the schemas changed without a migration: run npm run codegen').toBeUndefined();
    expect([...fresh.starting.keys()], 'starting files missing: run npm run codegen').toEqual([]);
    for (const [path, content] of files) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} differs from a fresh codegen run`).toBe(content);
    }
  });

  it('marks every generated TypeScript file as generated', () => {
    const { files } = fresh;
    for (const [path, content] of files) {
      if (path.endsWith('.ts') || path.endsWith('.js') || path.endsWith('.sql')) expect(content).toMatch(/DO NOT EDIT/);
    }
  });
});
