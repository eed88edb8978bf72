import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's import graph, read with TypeScript's own pre-processor (static, type-only,
 * re-exports and `import()`), for the architecture tests of the server and the client.
 */

/** Repository-relative file (forward slashes) → the repository-relative files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

export type ReadGraph = {
  graph: ImportGraph;
  /** Package names each file imports (`zod`, `drizzle-orm`, `node:fs` …). */
  packages: ReadonlyMap<string, readonly string[]>;
  /** Relative imports that name no file: `file: specifier`. */
  unresolved: string[];
};

const SOURCE = /\.(tsx?|jsx?|mjs)$/;
/** Tests, and the fixtures modules beside them that only tests import. */
const TEST = /\.(test|fixtures)\.tsx?$/;

/** The module specifiers a source file imports, in order; nothing in comments or strings. */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

function resolveRelative(root: string, from: string, specifier: string): string | undefined {
  const bare = specifier.replace(/[?#].*$/, '');
  const base = path.posix.join(path.posix.dirname(from), bare);
  const candidates = [
    base,
    ...['.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx'].map((ext) => base + ext),
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
  ];
  return candidates.find((candidate) =>
    statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile(),
  );
}

function sourceFiles(root: string, dir: string, skipDirs: readonly string[]): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory())
      return skipDirs.includes(file) ? [] : sourceFiles(root, file, skipDirs);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [file] : [];
  });
}

/** Reads every non-test source file under `dirs` (but `skipDirs`) of the repository at `root`. */
export function readImportGraph(
  root: string,
  dirs: readonly string[],
  skipDirs: readonly string[] = [],
): ReadGraph {
  const graph = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of dirs.flatMap((dir) => sourceFiles(root, dir, skipDirs))) {
    const targets: string[] = [];
    const named: string[] = [];
    for (const specifier of specifiersOf(readFileSync(path.join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
        named.push(specifier);
        continue;
      }
      const target = specifier.startsWith('/') ? undefined : resolveRelative(root, file, specifier);
      if (target) targets.push(target);
      else unresolved.push(`${file}: ${specifier}`);
    }
    graph.set(file, targets);
    packages.set(file, named);
  }
  return { graph, packages, unresolved };
}

/** Cycles among named nodes, each once as "a → b → a", started at its smallest name. */
export function findCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cycles = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const seen = trail.indexOf(node);
    if (seen !== -1) {
      const loop = trail.slice(seen);
      const start = loop.indexOf([...loop].sort()[0] ?? '');
      const rotated = [...loop.slice(start), ...loop.slice(0, start)];
      cycles.add([...rotated, rotated[0]].join(' → '));
      return;
    }
    for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of edges.keys()) visit(node, []);
  return [...cycles].sort();
}
