import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

/** Every hand-written console file: src/console and each entity's console/ folder. */
const consoleFiles = (): string[] => {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.tsx?$/.test(name) ? [path] : [];
    });
  const entities = join(root, 'src/entities');
  const entityConsoles = readdirSync(entities)
    .map((name) => join(entities, name, 'console'))
    .filter((dir) => statSync(join(dir, '..')).isDirectory() && readdirSync(join(dir, '..')).includes('console'));
  return [join(root, 'src/console'), ...entityConsoles].flatMap(walk);
};

/** The text of a file without its comments (which may name a route), line numbers kept. */
const withoutComments = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** How a hand-built API path looks: a literal holding `/api/`, or a request URL written out (`url: '/connectors'`). */
const handBuilt = [/['"`][^'"`]*\/api\//, /\b(url|path):\s*['"`]\//, /\bcall\(\s*['"`]\//];
/**
 * A registry path with more joined to it (`${resource.apiPath}/{id}/test`): codegen writes whole paths (an action's,
 * a relation's links, a link's nested links), so nothing in the console joins one, the generic machinery included.
 */
const joined = /apiPath\}\//;

describe('console API paths', () => {
  it('are built from the generated routes, never by hand', () => {
    const found: string[] = [];
    for (const file of consoleFiles()) {
      const name = relative(root, file);
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, index) => {
          if (handBuilt.some((pattern) => pattern.test(line)) || joined.test(line))
            found.push(`${name}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found, 'build these with apiPath(apiRoutes.…) of src/generated/api-paths.ts').toEqual([]);
  });
});
