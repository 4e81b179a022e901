import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './import-graph.js';

const root = join(import.meta.dirname, '../..');

describe('the server’s import graph', () => {
  // The server and the server pieces of the entity folders.
  const graph = [...importGraph(root, 'src/server'), ...importGraph(root, 'src/entities')].filter(
    (module) => !module.file.includes('/console/'),
  );

  it('has no import cycles, nor type-only ones between folders', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
    // Inside one folder a class and the contracts that name it may refer to each other's types.
    const acrossFolders = findCycles(graph, 'all').filter(
      (cycle) => new Set(cycle.map((file) => dirname(file))).size > 1,
    );
    expect(acrossFolders.map((cycle) => cycle.join(' → '))).toEqual([]);
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
    const readers = importGraph(root, 'src')
      .filter((module) => !module.file.startsWith('src/generated/'))
      .filter((module) => module.all.includes('src/generated/entities.ts'))
      .map((module) => module.file);
    expect(readers).toEqual(['src/server/catalog.ts']);
  });

  it('sees through type-only imports (the walk itself)', () => {
    const operations = graph.find((module) => module.file === 'src/server/crud/operations.ts');
    expect(operations?.values).toContain('src/server/crud/repository.ts');
    expect(operations?.values).not.toContain('src/shared/descriptor.ts');
  });
});
