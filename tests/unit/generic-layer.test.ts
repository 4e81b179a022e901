import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { entityKinds } from '../../src/shared/entity-kinds.js';

const root = join(import.meta.dirname, '../..');
const genericDirs = ['src/server/crud', 'src/console/generic'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

describe('the generic layers', () => {
  it('name no specific entity: what is particular to one lives in its descriptor or an injected override', () => {
    // An entity named like a kind (the audit log, `log`) cannot be told from the kind (`case 'log'`) or the log
    // views' texts (`t('log.older')`) by its quoted name; the kind's uses are what the generic layers hold.
    const kinds: readonly string[] = entityKinds;
    const names = entityModels.map((model) => model.name).filter((name) => !kinds.includes(name));
    const found: string[] = [];
    for (const file of genericDirs.flatMap(sourceFiles)) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const name of names) {
        // A quoted entity name (`'hook'`, `"role"`) or an override key (`'hook.card.signing-key'`); the actor
        // kinds of a request context (`kind: 'user'`) are not entities.
        const quoted = new RegExp(`(?<!kind: )['"\`]${name}['"\`.]`, 'g');
        for (const match of text.matchAll(quoted)) {
          const line = text.slice(0, match.index).split('\n').length;
          found.push(`${file}:${line} ${match[0]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
