import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importChains, importGraph } from './import-graph.js';

const root = join(import.meta.dirname, '../..');
const shown = (chains: string[][]) => chains.map((chain) => chain.join(' → '));

describe('the import graph of src, codegen and bench', () => {
  // Every folder of src (server, entities, shared, console, generated), the code generator and the benchmarks.
  const graph = [...importGraph(root, 'src'), ...importGraph(root, 'codegen'), ...importGraph(root, 'bench')];

  it('has no import cycle, type-only imports included', () => {
    expect(shown(findCycles(graph, 'all'))).toEqual([]);
  });

  it('finds the file of every relative import (so the walk misses no edge)', () => {
    const unresolved = graph.flatMap((module) =>
      module.all.filter((target) => !existsSync(join(root, target))).map((target) => `${module.file} → ${target}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('keeps the generic layer free of generated code, entity folders and override implementations', () => {
    const forbidden = ['src/generated/', 'src/entities/'];
    const leaks = graph
      .filter((module) => module.file.startsWith('src/server/crud/'))
      .flatMap((module) =>
        module.values
          .filter((target) => forbidden.some((prefix) => target.startsWith(prefix)))
          .map((target) => `${module.file} → ${target}`),
      );
    expect(leaks).toEqual([]);
  });

  it('lets only the catalog read the generated entity models', () => {
    // Everything else reaches models through the catalog it is given (buildApp's), so a test's catalog is served whole.
    const readers = graph
      .filter((module) => module.file.startsWith('src/') && !module.file.startsWith('src/generated/'))
      .filter((module) => module.all.includes('src/generated/entities.ts'))
      .map((module) => module.file);
    expect(readers).toEqual(['src/server/catalog.ts']);
  });

  it('keeps codegen from loading its own output, however indirectly', () => {
    // Codegen computes what it writes from the entity folders and the hand-written sources alone.
    const codegen = (file: string) => file.startsWith('codegen/');
    expect(shown(importChains(graph, codegen, (file) => file.startsWith('src/generated/')))).toEqual([]);
  });

  it('keeps the benchmarks from importing the tests', () => {
    const bench = (file: string) => file.startsWith('bench/');
    expect(shown(importChains(graph, bench, (file) => file.startsWith('tests/')))).toEqual([]);
  });
});

describe('the import walk', () => {
  it('tells type-only imports from value imports', () => {
    const operations = importGraph(root, 'src/server').find(
      (module) => module.file === 'src/server/crud/operations.ts',
    );
    expect(operations?.values).toContain('src/server/crud/repository.ts');
    expect(operations?.values).not.toContain('src/shared/descriptor.ts');
    expect(operations?.all).toContain('src/shared/descriptor.ts');
  });

  it('finds a cycle closed by an inline type import, and the chain that reaches a module', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "export type A = { b?: import('./b.js').B };\n");
      writeFileSync(join(dir, 'b.ts'), "import type { A } from './a.js';\nexport type B = { a?: A };\n");
      writeFileSync(join(dir, 'c.ts'), "import { thing } from './d';\nexport const c = thing;\n");
      writeFileSync(join(dir, 'd.tsx'), 'export const thing = 1;\n');
      const graph = importGraph(dir, '.');
      expect(findCycles(graph, 'values')).toEqual([]);
      expect(findCycles(graph, 'all').map((cycle) => [...new Set(cycle)].sort())).toEqual([['a.ts', 'b.ts']]);
      expect(
        importChains(
          graph,
          (file) => file === 'c.ts',
          (file) => file.endsWith('.tsx'),
        ),
      ).toEqual([['c.ts', 'd.tsx']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
