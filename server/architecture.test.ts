import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, type ImportGraph, readImportGraph } from '../scripts/import-graph.js';

/**
 * Imports go one way: shared ← core (db, errors, config, http helpers) ← infra ← plugins ←
 * features ← app. Infrastructure never reaches into a feature, features never form a cycle, and
 * shared/ imports nothing but zod. A new import that breaks the direction fails here.
 */
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
  if (['app.ts', 'main.ts', 'inbox-threads.ts', 'lane-thread.ts', 'maintenance.ts'].includes(inner))
    return 'app';
  return 'core';
}

const featureOf = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1];

/** Packages a shared/ file may import: it runs in the browser and on the server alike. */
const SHARED_PACKAGES = new Set(['zod']);

/** Every broken rule, one line each. */
function checkServerImports(
  graph: ImportGraph,
  packages: ReadonlyMap<string, readonly string[]>,
): string[] {
  const problems: string[] = [];
  const featureEdges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (from === 'shared') {
      for (const name of packages.get(file) ?? []) {
        if (!SHARED_PACKAGES.has(name))
          problems.push(`${file} imports ${name}: shared imports only zod`);
      }
    }
    for (const target of targets) {
      const to = layerOf(target);
      if (!ALLOWED[from].includes(to))
        problems.push(`${file} imports ${target}: ${from} may not import ${to}`);
      const a = featureOf(file);
      const b = featureOf(target);
      if (a && b && a !== b) featureEdges.set(a, (featureEdges.get(a) ?? new Set()).add(b));
    }
  }
  for (const cycle of findCycles(featureEdges)) problems.push(`feature import cycle: ${cycle}`);
  return problems;
}

const root = fileURLToPath(new URL('..', import.meta.url));

describe('server import direction', () => {
  it('holds for every server and shared file', () => {
    const { graph, packages, unresolved } = readImportGraph(
      root,
      ['server', 'shared'],
      ['server/testing', 'server/db/migrations'],
    );
    expect(graph.size).toBeGreaterThan(50);
    expect(unresolved).toEqual([]);
    expect(checkServerImports(graph, packages)).toEqual([]);
  });

  it('catches an upward import, a feature cycle, the client, and a package in shared', () => {
    const graph: ImportGraph = new Map([
      ['server/infra/mailer.ts', ['server/features/auth/auth.service.ts']],
      ['server/plugins/session.ts', ['server/features/auth/auth.service.ts']],
      ['server/features/items/items.service.ts', ['server/features/swaps/swaps.queries.ts']],
      ['server/features/swaps/swaps.queries.ts', ['server/features/items/items.queries.ts']],
      ['shared/items.ts', ['server/db/client.ts']],
      ['server/db/client.ts', ['server/infra/mailer.ts', 'client/lib/cn.ts']],
    ]);
    const packages = new Map([['shared/items.ts', ['zod', 'drizzle-orm']]]);
    expect(checkServerImports(graph, packages)).toEqual([
      'server/infra/mailer.ts imports server/features/auth/auth.service.ts: infra may not import features',
      'server/plugins/session.ts imports server/features/auth/auth.service.ts: plugins may not import features',
      'shared/items.ts imports drizzle-orm: shared imports only zod',
      'shared/items.ts imports server/db/client.ts: shared may not import core',
      'server/db/client.ts imports server/infra/mailer.ts: core may not import infra',
      'server/db/client.ts imports client/lib/cn.ts: core may not import outside',
      'feature import cycle: items → swaps → items',
    ]);
  });
});
