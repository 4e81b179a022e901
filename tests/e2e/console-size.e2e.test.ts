import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's size budget (tests/e2e/console-budget.json), read off the build's manifest and HTML shell: what the first load
 * transfers, how big each chunk is, and what each lazily loaded page or piece adds to the first load. A failure names
 * the chunk or page that grew past its budget. Runs after the console build, with the browser tests.
 */

const repo = join(import.meta.dirname, '../..');
const dist = join(repo, 'dist/console');

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

interface Budget {
  firstLoadKiB: number;
  chunkBytes: Record<string, number>;
  routeBytes: Record<string, number>;
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const budget = JSON.parse(readFileSync(join(import.meta.dirname, 'console-budget.json'), 'utf8')) as Budget;

const rawBytes = (file: string) => statSync(join(dist, file)).size;
/** What the server sends: the brotli file the build wrote beside it, else the file itself. */
const sentBytes = (file: string) => (existsSync(join(dist, `${file}.br`)) ? rawBytes(`${file}.br`) : rawBytes(file));
/** A chunk's name without its content hash: `assets/SchemaForm-Dq7u9636.js` → `SchemaForm`. */
const chunkName = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');

/** A chunk and every chunk it imports statically, by manifest key. */
const closure = (key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
};

/** The bundle files the HTML shell names (entry, module preloads, styles): what the browser fetches first. */
const named = [
  ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/console\/(assets\/[^"]+)"/g),
].map((match) => match[1] ?? '');
/** The chunks of the first load: the entry's and those of the application it imports, which the shell preloads. */
const firstLoad = new Set(
  Object.keys(manifest)
    .filter((key) => key === 'index.html' || named.includes(manifest[key]?.file ?? ''))
    .flatMap((key) => [...closure(key)]),
);
/**
 * What every page inside the layout loads besides the first load: the data layer (Refine and its providers),
 * loaded once with the first page. A page's own figure is what it adds beyond both.
 */
const shellKey = Object.keys(manifest).find((key) => chunkName(manifest[key]?.file ?? '') === 'RefineShell');
const everyPage = new Set([...firstLoad, ...(shellKey ? closure(shellKey) : [])]);
const limitOf = (limits: Record<string, number>, name: string) => limits[name] ?? limits.default ?? 0;

describe('the console build', () => {
  it('transfers no more than its budget on the first load', () => {
    const files = [
      ...new Set([...firstLoad].flatMap((key) => [manifest[key]?.file ?? '', ...(manifest[key]?.css ?? [])])),
    ];
    // Everything the shell names is counted.
    expect(named.filter((file) => !files.includes(file))).toEqual([]);
    // The server adds the chosen language's texts to the shell's preloads: the largest language is counted.
    const language = Math.max(
      ...Object.values(manifest)
        .filter((chunk) => /^assets\/locale-[\w-]+-[\w-]{8}\.js$/.test(chunk.file))
        .map((chunk) => sentBytes(chunk.file)),
    );
    const kib = (files.reduce((sum, file) => sum + sentBytes(file), 0) + language) / 1024;
    expect(files.length).toBeGreaterThan(1);
    expect(
      kib,
      `the first load transfers ${kib.toFixed(1)} KiB, over its ${budget.firstLoadKiB} KiB`,
    ).toBeLessThanOrEqual(budget.firstLoadKiB);
  });

  it('names the application the entry imports in the shell, so its chunks download beside the entry', () => {
    const boot = Object.keys(manifest).find((key) => key.endsWith('boot.tsx'));
    expect(boot && manifest[boot]?.isDynamicEntry).toBe(true);
    const files = [...closure(boot ?? '')].map((key) => manifest[key]?.file ?? '');
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => !named.includes(file))).toEqual([]);
  });

  it('loads one language per page, as one chunk, English as any other (the server preloads the chosen one)', () => {
    const languages = Object.values(manifest)
      .map((chunk) => /^assets\/locale-([\w-]+)-[\w-]{8}\.js$/.exec(chunk.file)?.[1])
      .filter((language): language is string => language !== undefined);
    expect(languages).toContain('en');
    expect(languages).toContain('de');
    expect(new Set(languages).size, 'one chunk per language').toBe(languages.length);
    const loadedFirst = [...firstLoad]
      .map((key) => manifest[key]?.file ?? '')
      .filter((file) => file.includes('locale-'));
    expect(loadedFirst).toEqual([]);
  });

  it('loads each entity model with its pages, none in the first load', () => {
    const models = Object.keys(manifest).filter((key) => key.includes('generated/console-models/'));
    expect(models.length).toBeGreaterThan(10);
    expect(models.filter((key) => !manifest[key]?.isDynamicEntry || firstLoad.has(key))).toEqual([]);
  });

  it('keeps every chunk within its budget', () => {
    const over = Object.values(manifest)
      .filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => ({ name: chunkName(chunk.file), bytes: rawBytes(chunk.file) }))
      .filter(({ name, bytes }) => bytes > limitOf(budget.chunkBytes, name))
      .map(({ name, bytes }) => `${name}: ${bytes} bytes, budget ${limitOf(budget.chunkBytes, name)}`);
    expect(over).toEqual([]);
  });

  it('keeps what each lazily loaded page or piece adds to the first load within its budget', () => {
    const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isDynamicEntry);
    expect(entries.length).toBeGreaterThan(10);
    expect(shellKey, 'the data layer is its own lazily loaded chunk').toBeDefined();
    const over = entries
      .map(([key, chunk]) => {
        const own = [...closure(key)].filter((imported) => !everyPage.has(imported));
        const bytes = own.reduce((sum, imported) => sum + rawBytes(manifest[imported]?.file ?? ''), 0);
        return { name: chunkName(chunk.file), bytes };
      })
      .filter(({ name, bytes }) => bytes > limitOf(budget.routeBytes, name))
      .map(
        ({ name, bytes }) =>
          `${name}: ${bytes} bytes beyond the first load and the data layer, budget ${limitOf(budget.routeBytes, name)}`,
      );
    expect(over).toEqual([]);
  });
});
