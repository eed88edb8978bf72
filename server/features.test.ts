import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appFeatures } from './app.js';
import type { AppContext } from './context.js';
import { listenerTable } from './infra/features.js';

/** Listeners only read the context's settings when they are registered: these are enough. */
const settings = { config: { federation: { enabled: true } } } as AppContext;
const table = () => listenerTable(appFeatures(), settings);

const architecture = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');

describe('feature wiring', () => {
  it('lists who reacts to each domain event, in the order they run, from the one list of features', () => {
    expect(Object.fromEntries(table())).toEqual({
      'swap.changed': ['notifications', 'users', 'problems', 'federation'],
      'message.posted': ['notifications', 'federation'],
      'feedback.given': ['notifications', 'federation'],
      'listing.removed': ['notifications'],
      'match.found': ['notifications'],
      'circle.decided': ['notifications', 'federation'],
      'round.phase': ['notifications'],
      'item.changed': ['alerts', 'search', 'matching', 'circles', 'federation'],
      'swaps.closed': ['users', 'federation'],
      'circle.completed': ['users'],
      'wants.changed': ['federation'],
      'report.filed': ['federation'],
      'member.erased': ['federation'],
      'circle.received': ['federation'],
      'circle.message': ['federation'],
      'member.registered': ['federation'],
    });
  });

  it('is shown as it is in docs/architecture.md', () => {
    for (const [event, features] of table())
      expect(architecture).toContain(`| \`${event}\` | ${features.join(', ')} |`);
  });

  it('names each feature once', () => {
    const names = appFeatures().map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
