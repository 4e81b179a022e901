import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One module's imports: those kept at run time (`values`) and every import, type-only ones too (`all`). */
export interface ModuleImports {
  file: string;
  values: string[];
  all: string[];
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

/** Whether an import or export declaration loads its module at run time. */
const isValueImport = (node: ts.ImportDeclaration | ts.ExportDeclaration): boolean => {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const clause = node.exportClause;
    return !clause || !ts.isNamedExports(clause) || clause.elements.some((element) => !element.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return true; // a side-effect import
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
};

/** Resolves a relative specifier (`./x.js`) to the file it names (`x.ts`), relative to `root`. */
const resolveSpecifier = (root: string, from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base.replace(/\.js$/, '.d.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  const found = candidates.find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
  return relative(root, found ?? base);
};

/** Every module below `dir` (relative to `root`) with the modules it imports: by value, and counting types too. */
export const importGraph = (root: string, dir: string): ModuleImports[] =>
  sourceFiles(join(root, dir)).map((path) => {
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
    const values: string[] = [];
    const all: string[] = [];
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = resolveSpecifier(root, path, specifier.text);
      if (!target) continue;
      all.push(target);
      if (isValueImport(statement)) values.push(target);
    }
    // A type may also name its module inline: `import('./branches.js').DiscriminatedField`.
    const visit = (node: ts.Node) => {
      if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        const target = resolveSpecifier(root, path, node.argument.literal.text);
        if (target) all.push(target);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return { file: relative(root, path), values, all };
  });

/** The import cycles among the graph's modules, each as the path that closes it (by value, or counting types too). */
export const findCycles = (graph: ModuleImports[], kind: 'values' | 'all' = 'values'): string[][] => {
  const edges = new Map(graph.map((module) => [module.file, module[kind]]));
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return cycles;
};

/**
 * How the modules `from` accepts reach modules `target` accepts, counting types: one shortest import chain per module
 * reached, from one of the starting modules to the first accepted module on its way.
 */
export const importChains = (
  graph: ModuleImports[],
  from: (file: string) => boolean,
  target: (file: string) => boolean,
): string[][] => {
  const edges = new Map(graph.map((module) => [module.file, module.all]));
  const starts = graph.map((module) => module.file).filter(from);
  const cameFrom = new Map<string, string | undefined>(starts.map((file) => [file, undefined]));
  const queue = [...starts];
  const chains: string[][] = [];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of edges.get(file) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (!target(next)) {
        queue.push(next);
        continue;
      }
      const chain = [next];
      for (let step: string | undefined = file; step !== undefined; step = cameFrom.get(step)) chain.unshift(step);
      chains.push(chain);
    }
  }
  return chains;
};
