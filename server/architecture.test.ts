import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports go one way: shared ← core (db, errors, config, http helpers) ← infra ← plugins ←
 * features ← app. Infrastructure never reaches into a feature, features never form a cycle, and
 * shared/ imports nothing but zod. A new import that breaks the direction fails here.
 */
const root = path.resolve(import.meta.dirname, '..');

type Layer = 'shared' | 'core' | 'infra' | 'plugins' | 'features' | 'app' | 'outside';

const ALLOWED: Record<Layer, Layer[]> = {
  shared: ['shared'],
  core: ['shared', 'core'],
  infra: ['shared', 'core', 'infra'],
  plugins: ['shared', 'core', 'infra', 'plugins'],
  features: ['shared', 'core', 'infra', 'plugins', 'features'],
  app: ['shared', 'core', 'infra', 'plugins', 'features', 'app'],
  outside: [],
};

function layerOf(file: string): Layer {
  if (file.startsWith('shared/')) return 'shared';
  if (!file.startsWith('server/')) return 'outside';
  const inner = file.slice('server/'.length);
  if (inner.startsWith('infra/') || inner === 'context.ts') return 'infra';
  if (inner.startsWith('plugins/')) return 'plugins';
  if (inner.startsWith('features/')) return 'features';
  if (['app.ts', 'main.ts', 'maintenance.ts'].includes(inner)) return 'app';
  return 'core';
}

/** Feature name of a server feature file, e.g. `items` for server/features/items/items.service.ts. */
const featureOf = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1];

/** Relative imports of a source text, resolved to repository paths (`.js` read as `.ts`). */
function importsOf(file: string, source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? '');
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      path.posix
        .normalize(path.posix.join(path.posix.dirname(file), specifier))
        .replace(/\.js$/, '.ts'),
    );
}

/** Packages a shared/ file may import: it runs in the browser and on the server alike. */
const SHARED_PACKAGES = new Set(['zod']);
const packagesOf = (source: string) =>
  [...source.matchAll(/^\s*import\s[^'"]*?from\s+['"]([^'".][^'"]*)['"]/gm)].map((m) => m[1] ?? '');

type Violation = { from: string; to: string; why: string };

function violations(files: Map<string, string>): Violation[] {
  const found: Violation[] = [];
  const featureEdges = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    const from = layerOf(file);
    if (from === 'shared') {
      for (const pkg of packagesOf(source)) {
        if (!SHARED_PACKAGES.has(pkg))
          found.push({ from: file, to: pkg, why: 'shared imports only zod' });
      }
    }
    for (const target of importsOf(file, source)) {
      if (target.startsWith('client/') || (from === 'shared' && !target.startsWith('shared/'))) {
        found.push({
          from: file,
          to: target,
          why: `${from} may not import ${target.split('/')[0]}`,
        });
        continue;
      }
      const to = layerOf(target);
      if (to !== 'outside' && !ALLOWED[from].includes(to)) {
        found.push({ from: file, to: target, why: `${from} may not import ${to}` });
      }
      const a = featureOf(file);
      const b = featureOf(target);
      if (a && b && a !== b) featureEdges.set(a, (featureEdges.get(a) ?? new Set()).add(b));
    }
  }
  for (const cycle of cycles(featureEdges)) {
    found.push({
      from: cycle[0] ?? '',
      to: cycle.join(' → '),
      why: 'features import each other in a cycle',
    });
  }
  return found;
}

/** Every elementary cycle's first appearance in a depth-first walk (enough to name one). */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) {
      return name === 'testing' || name === 'migrations' ? [] : sourceFiles(relative);
    }
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

describe('server import direction', () => {
  it('holds for every server and shared file', () => {
    const files = new Map(
      [...sourceFiles('server'), ...sourceFiles('shared')].map((file) => [
        file,
        readFileSync(path.join(root, file), 'utf8'),
      ]),
    );
    expect(files.size).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it('catches an upward import, a feature cycle and a package in shared', () => {
    const files = new Map([
      ['server/infra/mailer.ts', "import { x } from '../features/auth/auth.service.js';"],
      ['server/plugins/session.ts', "import { y } from '../features/auth/auth.service.js';"],
      ['server/features/items/items.service.ts', "import { a } from '../swaps/swaps.queries.js';"],
      ['server/features/swaps/swaps.queries.ts', "import { b } from '../items/items.queries.js';"],
      [
        'shared/items.ts',
        "import { c } from 'drizzle-orm';\nimport { d } from '../server/db/client.js';",
      ],
      ['server/db/client.ts', "import { e } from '../infra/mailer.js';"],
    ]);
    expect(violations(files).map((v) => v.why)).toEqual([
      'infra may not import features',
      'plugins may not import features',
      'shared imports only zod',
      'shared may not import server',
      'core may not import infra',
      'features import each other in a cycle',
    ]);
  });
});
