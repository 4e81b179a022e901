import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';

/**
 * One door: every write of an entity's table goes through the machine (its operations, or for the server's own
 * bookkeeping its repository), never through a hand-written statement. Only the repository layer (src/server/crud/)
 * and generated code write SQL for entity tables; the rest of src may read with SQL, not write.
 */
const root = join(import.meta.dirname, '../..');

/** The tables the entities store their rows in, as the generated models name them. */
const entityTables = new Set(entityModels.map((model) => model.table).filter(Boolean));

/**
 * Writes that stay outside the door, each for a reason the machine cannot serve. An entry no statement needs any
 * more fails the test, so the list stays as short as it can be.
 */
const allowed: { table: string; files: string[]; why: string }[] = [
  {
    table: 'oidc_model_instances',
    files: [
      'src/server/oidc/adapter.ts',
      'src/entities/user/server/account/sessions.ts',
      'src/entities/user/server/oidc-records.ts',
      'src/server/oidc/grant-limit.ts',
    ],
    why: "oidc-provider's own storage: its adapter upserts, consumes and revokes the provider's serialized models, ending a user's sessions and grants finds them by their payload, and so does revoking the grants beyond an application's limit",
  },
  {
    table: 'subject_tokens',
    files: ['src/server/oidc/token-exchange.ts'],
    why: 'the token endpoint spends a subject token under its row lock, in the transaction that finds it, as the provider consumes its own codes',
  },
  {
    table: 'sentinel_activities',
    files: ['src/server/interaction/sentinel.ts', 'src/server/interaction/verification-code/send-rate.ts'],
    why: "lockout and send-rate counters, stamped with the database's clock when the target's lock admits them (clock_timestamp()) and counted against that clock; a repository writes the server's values",
  },
  {
    table: 'logs',
    files: ['src/server/audit-log/writer.ts', 'src/server/audit-log/prune.ts'],
    why: "the audit log's own append path (a batch of entries in one statement, off the request path, also for catalogs without the log entity) and its retention pruning",
  },
];

/** Where SQL for entity tables may be written: the repository layer and generated code. */
const doors = ['src/server/crud/', 'src/generated/'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js)$/.test(name) ? [path] : [];
  });

/** The text without its comments (which may name a statement), line numbers kept. */
const withoutComments = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** A writing statement and the table it names (`${…}` when the name is computed). */
const statement =
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+(?:ONLY\s+)?(?:"?([a-z_][a-z0-9_]*)"?|(\$\{))/g;

interface Write {
  file: string;
  line: number;
  verb: string;
  table: string;
}

const writesIn = (file: string): Write[] => {
  const text = withoutComments(readFileSync(file, 'utf8'));
  return [...text.matchAll(statement)].flatMap((match) => {
    const table = match[2] ?? match[3] ?? '';
    // A computed table name is a door of its own: only the repository layer builds statements from models.
    if (table !== '${' && !entityTables.has(table)) return [];
    const line = text.slice(0, match.index).split('\n').length;
    return [{ file: relative(root, file), line, verb: (match[1] ?? '').replace(/\s+/g, ' '), table }];
  });
};

const writes = sourceFiles(join(root, 'src'))
  .filter((file) => !doors.some((door) => relative(root, file).startsWith(door)))
  .flatMap(writesIn);

const isAllowed = (write: Write) =>
  allowed.some((entry) => entry.table === write.table && entry.files.includes(write.file));

describe('writes of entity tables', () => {
  it('knows the entity tables and finds the statements it is looking for', () => {
    expect(entityTables.has('users')).toBe(true);
    expect(entityTables.has('passcodes')).toBe(true);
    const sample = 'await tx.query(\'UPDATE users SET name = $2 WHERE id = $1\'); db.query(`DELETE FROM "passcodes"`)';
    expect([...sample.matchAll(statement)].map((match) => match[2])).toEqual(['users', 'passcodes']);
  });

  it('go through the repository layer, outside it only where the list says why', () => {
    const outside = writes.filter((write) => !isAllowed(write)).map((w) => `${w.file}:${w.line} ${w.verb} ${w.table}`);
    expect(outside, 'write these through the entity’s operations or repository (src/server/crud/)').toEqual([]);
  });

  it('keeps no allowance that no statement needs', () => {
    const unused = allowed.flatMap((entry) =>
      entry.files
        .filter((file) => !writes.some((write) => write.table === entry.table && write.file === file))
        .map((file) => `${entry.table} in ${file}`),
    );
    expect(unused).toEqual([]);
    for (const entry of allowed) expect(entityTables.has(entry.table), entry.table).toBe(true);
  });
});
