// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { readImportGraph } from '../../scripts/import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A lazily imported module whose code registers a catalog part (addMessages) draws before that
 * part is there in the language in use unless its loader awaits withParts (client/lib/i18n.ts):
 * for a frame, or for good, the screen would show ids. Every file that lazily imports such a
 * module must use withParts, or lazyNamed, which does. (Modules of the start chunk register before activateLocale loads
 * the page's language, so they are left out.)
 */
it('wraps in withParts every lazy import of a module that registers a catalog part', () => {
  const { graph } = readImportGraph(root, ['client', 'shared']);
  const source = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const resolve = (from: string, specifier: string) =>
    ['.tsx', '.ts', '/index.ts', '/index.tsx']
      .map((ext) => path.posix.join(path.posix.dirname(from), specifier) + ext)
      .find((file) => existsSync(path.join(root, file)));
  const lazyImports = (file: string) =>
    [...source(file).matchAll(/import\('(\.[^']+)'\)/g)].flatMap(([, specifier]) => {
      const target = specifier && resolve(file, specifier);
      return target ? [[specifier, target] as const] : [];
    });
  const staticClosure = (start: string, skip: ReadonlySet<string> = new Set()) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop() as string;
      if (seen.has(file) || skip.has(file)) continue;
      seen.add(file);
      const lazy = new Set(lazyImports(file).map(([, target]) => target));
      stack.push(...(graph.get(file) ?? []).filter((next) => !lazy.has(next)));
    }
    return seen;
  };
  const startChunk = new Set([
    ...staticClosure('client/app/main.tsx'),
    ...staticClosure('client/app/start.tsx'),
  ]);

  const unwrapped: string[] = [];
  for (const file of graph.keys()) {
    if (!file.startsWith('client/') || /\.test\.tsx?$/.test(file)) continue;
    for (const [specifier, target] of lazyImports(file)) {
      const registers = [...staticClosure(target, startChunk)].some((module) =>
        /\baddMessages\(/.test(source(module)),
      );
      // lazyNamed (lib/lazy-named.ts) and lazyTab, which uses it, load through withParts.
      if (registers && !/\b(withParts|lazyNamed|lazyTab)\(/.test(source(file)))
        unwrapped.push(`${file} → ${specifier}`);
    }
  }
  expect(graph.size).toBeGreaterThan(100);
  expect(unwrapped).toEqual([]);
});
