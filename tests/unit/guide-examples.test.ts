import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entityKinds } from '../../src/shared/entity-kinds.js';

const repo = join(import.meta.dirname, '../..');
const guideDir = join(repo, 'docs/guide');

/**
 * A guide's quoted files: fenced blocks whose first line names a file (`// src/entities/x/resource.json`). A block is the
 * whole file unless that line says otherwise: `→ api.operations.list` quotes part of the file, `(excerpt)` some of it.
 * In a part or an excerpt, `...` stands for what is left out (a line, a value or an array's items).
 */
interface Quote {
  guide: string;
  file: string;
  part: string | undefined;
  excerpt: boolean;
  language: string;
  body: string;
}

const quotesOf = (guide: string): Quote[] => {
  const text = readFileSync(join(guideDir, guide), 'utf8');
  return [...text.matchAll(/```(\w+)\n\/\/ (\S+)( → (\S+))?( \(excerpt\))?\n([\s\S]*?)```/g)].map(
    ([, language, file, , part, excerpt, body]) => ({
      guide,
      file: file ?? '',
      part,
      excerpt: Boolean(excerpt) || Boolean(part),
      language: language ?? '',
      body: body ?? '',
    }),
  );
};

const guides = readdirSync(guideDir).filter((file) => file.endsWith('.md'));
const quotes = guides.flatMap(quotesOf);

const ANY = Symbol('anything');

/** An excerpt as JSON: `...` lines dropped, `"..."` and `[...]` match anything, a bare `"key": value` list wrapped. */
const parseExcerpt = (body: string): unknown => {
  const text = body
    .split('\n')
    .filter((line) => !/^\s*\.\.\.,?\s*$/.test(line))
    .join('\n')
    .replace(/\[\.\.\.\]/g, '"..."')
    .replace(/,(\s*[}\]])/g, '$1')
    .trim()
    .replace(/,$/, '');
  const json = text.startsWith('{') || text.startsWith('[') ? text : `{${text}}`;
  return JSON.parse(json, (_key, value) => (value === '...' ? ANY : value));
};

/** `quoted` says nothing `actual` does not: its keys are there with matching values, its items match some item. */
const within = (quoted: unknown, actual: unknown): boolean => {
  if (quoted === ANY) return true;
  if (Array.isArray(quoted)) {
    return Array.isArray(actual) && quoted.every((item) => actual.some((other) => within(item, other)));
  }
  if (quoted && typeof quoted === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const record = actual as Record<string, unknown>;
    return Object.entries(quoted).every(([key, value]) => key in record && within(value, record[key]));
  }
  return quoted === actual;
};

/** `within`, at the top of `actual` or anywhere inside it. */
const foundIn = (quoted: unknown, actual: unknown): boolean =>
  within(quoted, actual) ||
  (actual !== null && typeof actual === 'object' && Object.values(actual).some((child) => foundIn(quoted, child)));

const partOf = (json: unknown, part: string | undefined): unknown =>
  part ? part.split('.').reduce((node, key) => (node as Record<string, unknown>)?.[key], json) : json;

/** Code lines without their trailing comments, blank lines and `...` left out. */
const codeLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s*\/\/.*$/, '').trim())
    .filter((line) => line !== '' && line !== '...');

describe('the guides quote files as they are', () => {
  it('quote files in most guides', () => {
    expect(new Set(quotes.map((quote) => quote.guide)).size).toBeGreaterThanOrEqual(4);
    expect(quotes.length).toBeGreaterThanOrEqual(12);
  });

  it.each(quotes.map((quote) => [`${quote.guide}: ${quote.file}${quote.part ? ` → ${quote.part}` : ''}`, quote]))(
    '%s',
    (_name, quote) => {
      const path = join(repo, quote.file);
      expect(existsSync(path), `${quote.guide} names ${quote.file}, which does not exist`).toBe(true);
      const file = readFileSync(path, 'utf8');
      if (quote.language.startsWith('json')) {
        const actual = partOf(JSON.parse(file), quote.part);
        if (quote.excerpt) {
          const quoted = parseExcerpt(quote.body);
          expect(foundIn(quoted, actual), `${quote.guide} quotes what ${quote.file} does not say`).toBe(true);
        } else {
          expect(JSON.parse(quote.body), `${quote.guide} quotes ${quote.file}`).toEqual(actual);
        }
        return;
      }
      const lines = codeLines(file);
      if (!quote.excerpt) {
        expect(codeLines(quote.body)).toEqual(lines);
        return;
      }
      let at = 0;
      for (const line of codeLines(quote.body)) {
        const found = lines.indexOf(line, at);
        expect(found, `${quote.guide}: "${line}" is not in ${quote.file} (in this order)`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    },
  );

  it('see through a quote that says what the file does not', () => {
    const file = { a: { b: 1, c: [{ d: 2, e: 3 }] } };
    expect(foundIn(parseExcerpt('"b": 1,\n...\n"c": [{ "d": 2 }]'), file)).toBe(true);
    expect(foundIn(parseExcerpt('"c": [...]'), file)).toBe(true);
    expect(foundIn(parseExcerpt('"b": 2'), file)).toBe(false);
    expect(foundIn(parseExcerpt('"c": [{ "d": 2, "f": 4 }]'), file)).toBe(false);
  });
});

describe('the guide index', () => {
  const index = readFileSync(join(guideDir, 'README.md'), 'utf8');

  it('links every guide', () => {
    const linked = [...index.matchAll(/\]\(([\w-]+\.md)\)/g)].map(([, file]) => file);
    expect(linked.sort()).toEqual(guides.filter((file) => file !== 'README.md').sort());
  });

  it('names every kind with the folder of a test entity of that kind', () => {
    for (const kind of entityKinds) {
      const row = index.split('\n').find((line) => line.startsWith(`| \`${kind}\``));
      const folder = row?.match(/`(tests\/shapes\/[\w/]+)\/`/)?.[1];
      expect(folder, `the index has no example folder for ${kind}`).toBeDefined();
      const descriptor = JSON.parse(readFileSync(join(repo, `${folder}/resource.json`), 'utf8')) as { kind?: string };
      expect(descriptor.kind ?? 'collection', `${folder} is the example of ${kind}`).toBe(kind);
      expect(existsSync(join(repo, `${folder}/schema.json`)), `${folder} has its schema`).toBe(true);
    }
  });
});
