import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Right-to-left languages (Arabic, Persian) mirror the console and the sign-in pages: their styles say "start" and
 * "end" (logical properties), never "left" and "right", so one stylesheet serves both directions.
 */
const repo = join(import.meta.dirname, '../../..');
const roots = ['src/console', 'src/server/interaction'];

const filesIn = (dir: string): string[] =>
  readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'vendor' ? [] : filesIn(path);
    return /\.(css|tsx?)$/.test(entry.name) ? [path] : [];
  });

const physical = [
  /\b(margin|padding|border)-(left|right)\b/,
  /(?<![\w-])(left|right)\s*:/,
  /\b(text-align|float|clear)\s*:\s*(left|right)\b/,
  /\b(margin|padding|border)(Left|Right)\b/,
  /\b(textAlign|float)\s*:\s*['"](left|right)['"]/,
];

/** The lines of a file that style by a physical side (comments aside). */
const physicalSides = (text: string): string[] =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line, index) => ({ line: line.replace(/\/\/.*$/, ''), index }))
    .filter(({ line }) => physical.some((pattern) => pattern.test(line)))
    .map(({ line, index }) => `${index + 1}: ${line.trim()}`);

describe('the styles of the console and the sign-in pages', () => {
  it('use logical sides only (start and end), so right-to-left languages mirror them', () => {
    const found = roots
      .flatMap(filesIn)
      .flatMap((file) => physicalSides(readFileSync(join(repo, file), 'utf8')).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });

  it('find a physical side in a stylesheet or a style object', () => {
    expect(physicalSides('.a {\n  margin-left: 4px;\n  inset-inline-start: 0;\n  left: 0;\n}')).toEqual([
      '2: margin-left: 4px;',
      '4: left: 0;',
    ]);
    expect(physicalSides("<div style={{ paddingRight: 8, textAlign: 'left' }} />")).toHaveLength(1);
    expect(physicalSides('/* left: 0 */ .b { text-align: start; }')).toEqual([]);
  });
});
