import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';

const root = join(import.meta.dirname, '../..');

describe('codegen', () => {
  it('writes exactly what is committed in src/generated (no hand edits, nothing stale)', async () => {
    const { files, newMigration } = await generate({ root });
    expect(newMigration, 'the schemas changed without a migration: run npm run codegen').toBeUndefined();
    for (const [path, content] of files) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} differs from a fresh codegen run`).toBe(content);
    }
  });

  it('marks every generated TypeScript file as generated', async () => {
    const { files } = await generate({ root });
    for (const [path, content] of files) {
      if (path.endsWith('.ts') || path.endsWith('.js') || path.endsWith('.sql')) expect(content).toMatch(/DO NOT EDIT/);
    }
  });
});
