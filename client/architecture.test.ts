// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  findCycles,
  type ImportGraph,
  readImportGraph,
  specifiersOf,
} from '../scripts/import-graph';

/**
 * The files one feature may use from another (paths under client/features, without extension),
 * each with the features that use it. Anything else a feature needs from another feature is
 * either moved to lib/ or components/ui, or added here on purpose. Features depend one way, so
 * events (which turns pushed events into the other features' cache updates) is used by no feature.
 */
const PUBLIC_ENTRIES: Record<string, readonly string[]> = {
  'analytics/api/page-views': ['events'],
  'auth/api/current-user': ['alerts', 'i18n', 'items', 'matching', 'saved', 'users'],
  'auth/components/verify-email-notice': ['users'],
  'blocks/components/block-button': ['users'],
  'circles/api/circle-keys': ['events'],
  'items/api/items': ['events', 'matching', 'rounds', 'swaps', 'users'],
  // A category's and a condition's name in the page's language.
  'items/display-names': ['alerts'],
  'items/components/condition-badge': ['users'],
  'items/components/free-badge': ['matching', 'users'],
  'matching/api/matching': ['circles', 'events'],
  'problems/components/report-problem-button': ['circles', 'swaps'],
  'pwa/service-worker': ['auth', 'account'],
  'matching/components/listing-summary': ['circles'],
  'notifications/api/notifications': ['events'],
  'items/components/item-image': ['swaps'],
  'items/components/listing-owner-actions': ['users'],
  'reports/components/report-member-dialog': ['users'],
  'rounds/api/round-keys': ['events'],
  'saved/components/save-button': ['items'],
  'site/api/site-config': ['items'],
  'swaps/api/swap-requests': ['events', 'users'],
  'swaps/components/chat-dialog': ['users'],
  'swaps/components/rating-dialog': ['circles'],
};

type Area =
  | { kind: 'feature'; name: string }
  | { kind: 'app' | 'ui' | 'lib' | 'client' | 'shared' | 'server' | 'elsewhere' };

function areaOf(file: string): Area {
  const feature = /^client\/features\/([^/]+)\//.exec(file);
  if (feature?.[1]) return { kind: 'feature', name: feature[1] };
  if (file.startsWith('client/app/')) return { kind: 'app' };
  if (file.startsWith('client/components/ui/')) return { kind: 'ui' };
  if (file.startsWith('client/lib/')) return { kind: 'lib' };
  if (file.startsWith('client/')) return { kind: 'client' };
  if (file.startsWith('shared/')) return { kind: 'shared' };
  if (file.startsWith('server/')) return { kind: 'server' };
  return { kind: 'elsewhere' };
}

const withoutExtension = (file: string) => file.replace(/\.(d\.ts|tsx?|jsx?|mjs)$/, '');

/** Every broken rule of the client's layout (docs/architecture.md), one line each. */
function checkImports(
  graph: ImportGraph,
  publicEntries: Record<string, readonly string[]>,
): string[] {
  const problems: string[] = [];
  const featureEdges = new Map<string, Set<string>>();
  const usedEntries = new Map<string, Set<string>>();

  for (const [file, targets] of graph) {
    const from = areaOf(file);
    for (const target of targets) {
      const to = areaOf(target);
      if (to.kind === 'server' || to.kind === 'elsewhere') {
        problems.push(`${file} imports ${target}: the client imports only client/ and shared/`);
      }
      if (
        (from.kind === 'ui' || from.kind === 'lib') &&
        (to.kind === 'feature' || to.kind === 'app')
      ) {
        problems.push(
          `${file} imports ${target}: components/ui and lib never depend on features or app`,
        );
      }
      if (from.kind === 'feature' && to.kind === 'app') {
        problems.push(`${file} imports ${target}: features never depend on app`);
      }
      if (from.kind === 'feature' && to.kind === 'feature' && from.name !== to.name) {
        const edges = featureEdges.get(from.name) ?? new Set<string>();
        featureEdges.set(from.name, edges.add(to.name));
        const entry = withoutExtension(target.slice('client/features/'.length));
        const users = publicEntries[entry];
        if (!users) {
          problems.push(`${file} imports ${target}, which is not a public entry of "${to.name}"`);
        } else if (!users.includes(from.name)) {
          problems.push(`${file} imports ${target}; add "${from.name}" to its users if meant`);
        }
        const entryUsers = usedEntries.get(entry) ?? new Set<string>();
        usedEntries.set(entry, entryUsers.add(from.name));
      }
    }
  }

  for (const cycle of findCycles(featureEdges)) problems.push(`feature import cycle: ${cycle}`);
  // The list stays true: an entry or user nobody needs any more leaves it.
  for (const [entry, users] of Object.entries(publicEntries)) {
    for (const user of users) {
      if (!usedEntries.get(entry)?.has(user)) {
        problems.push(`public entry ${entry} lists "${user}", which does not import it`);
      }
    }
  }
  return problems;
}

/**
 * Files that import one another, directly or around a loop, each loop once as its files sorted
 * (Tarjan's strongly connected components: linear, where following every path is not). A type
 * import counts: a lazily loaded part and its loader share a type through a third module or the
 * loaded side, never both ways.
 */
function fileCycles(graph: ImportGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.size - 1);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) {
      cycles.push(component.sort().join(' ↔ '));
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort();
}

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the client import rules', () => {
  const { graph, unresolved } = readImportGraph(root, ['client']);

  it('reads every client file, and every relative import resolves to a file', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('client/app/router.tsx')).toContain('client/app/pages/profile-page.tsx');
    expect(unresolved).toEqual([]);
  });

  it('hold for the client as it is', () => {
    expect(checkImports(graph, PUBLIC_ENTRIES)).toEqual([]);
  });

  it('leave no two client or shared files importing each other, even around a loop', () => {
    expect(fileCycles(readImportGraph(root, ['client', 'shared']).graph)).toEqual([]);
  });
});

describe('the client source files', () => {
  it('are at most 500 lines each: a longer one is split into files with one job each', () => {
    const MAX_LINES = 500;
    const long = [...readImportGraph(root, ['client']).graph.keys()].flatMap((file) => {
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n').length;
      return lines > MAX_LINES ? [`${file}: ${lines} lines`] : [];
    });
    expect(long).toEqual([]);
  });
});

describe('the import checker', () => {
  const clean: ImportGraph = new Map([
    ['client/features/a/api/a.ts', ['client/lib/cn.ts', 'shared/items.ts']],
    [
      'client/features/b/components/b.tsx',
      ['client/features/a/api/a.ts', 'client/components/ui/button.tsx'],
    ],
    [
      'client/app/pages/p.tsx',
      ['client/features/b/components/b.tsx', 'client/features/a/internal.ts'],
    ],
    ['client/lib/cn.ts', []],
  ]);
  const entries = { 'a/api/a': ['b'] };
  const withImport = (file: string, target: string): ImportGraph =>
    new Map([...clean, [file, [...(clean.get(file) ?? []), target]]]);

  it('passes a clean graph', () => {
    expect(checkImports(clean, entries)).toEqual([]);
  });

  it('finds every import kind in source text, and nothing in comments or strings', () => {
    const source = [
      "import type { A } from './a';",
      "import { b } from '../b';",
      "export { c } from './c';",
      "const d = () => import('./d');",
      "// import e from './e';",
      'const f = "import g from \'./g\'";',
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./a', '../b', './c', './d']);
  });

  it('fails on a cycle between features', () => {
    const problems = checkImports(
      withImport('client/features/a/api/a.ts', 'client/features/b/components/b.tsx'),
      { 'a/api/a': ['b'], 'b/components/b': ['a'] },
    );
    expect(problems).toEqual(['feature import cycle: a → b → a']);
  });

  it('fails when client code imports server code', () => {
    expect(checkImports(withImport('client/lib/cn.ts', 'server/app.ts'), entries)).toEqual([
      'client/lib/cn.ts imports server/app.ts: the client imports only client/ and shared/',
    ]);
  });

  it('fails when lib or components/ui depend on features or app', () => {
    expect(
      checkImports(withImport('client/lib/cn.ts', 'client/features/a/api/a.ts'), entries),
    ).toHaveLength(1);
    expect(
      checkImports(
        new Map([...clean, ['client/components/ui/button.tsx', ['client/app/providers.tsx']]]),
        entries,
      ),
    ).toEqual([
      'client/components/ui/button.tsx imports client/app/providers.tsx: components/ui and lib never depend on features or app',
    ]);
  });

  it('fails when a feature depends on app', () => {
    expect(
      checkImports(withImport('client/features/a/api/a.ts', 'client/app/router.tsx'), entries),
    ).toEqual([
      'client/features/a/api/a.ts imports client/app/router.tsx: features never depend on app',
    ]);
  });

  it('fails on a cross-feature import of a file that is not a public entry, or by an unlisted feature', () => {
    expect(
      checkImports(
        withImport('client/features/b/components/b.tsx', 'client/features/a/internal.ts'),
        entries,
      ),
    ).toEqual([
      'client/features/b/components/b.tsx imports client/features/a/internal.ts, which is not a public entry of "a"',
    ]);
    expect(
      checkImports(
        new Map([...clean, ['client/features/c/c.ts', ['client/features/a/api/a.ts']]]),
        entries,
      ),
    ).toEqual([
      'client/features/c/c.ts imports client/features/a/api/a.ts; add "c" to its users if meant',
    ]);
  });

  it('finds a cycle of files, however long, once each, and nothing in a graph without one', () => {
    expect(fileCycles(clean)).toEqual([]);
    const loop: ImportGraph = new Map([
      ['c.ts', ['a.ts']],
      ['a.ts', ['b.ts', 'd.ts']],
      ['b.ts', ['c.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['d.ts']],
      ['f.ts', ['f.ts']],
      ['g.ts', ['a.ts']],
    ]);
    expect(fileCycles(loop)).toEqual(['a.ts ↔ b.ts ↔ c.ts', 'd.ts ↔ e.ts', 'f.ts']);
  });

  it('fails on a public entry that no listed feature uses', () => {
    expect(checkImports(clean, { ...entries, 'a/api/gone': ['b'] })).toEqual([
      'public entry a/api/gone lists "b", which does not import it',
    ]);
  });
});
