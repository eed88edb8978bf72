/**
 * What the capped solver's property tests draw: a small random instance with a loop cap, and its
 * loops of at most that many real items (dominated ones dropped), as solve-capped.ts sees them.
 */
import fc from 'fast-check';
import { dropDominated } from '../dominated-cycles.js';
import { compileInstance } from '../instance.js';
import { enumerateCycles } from '../short-cycles.js';
import { buildTradeGraph } from '../trade-graph.js';
import { type RandomInstanceOptions, randomInstance } from './random-instance.js';

/** fast-check fields of a small instance (3–9 items, 2–5 members) and its loop cap (2 or 3). */
export function smallCappedInstance(
  ranges: { minItems?: number; minDensity?: number; maxDensity?: number } = {},
) {
  return {
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    items: fc.integer({ min: ranges.minItems ?? 3, max: 9 }),
    members: fc.integer({ min: 2, max: 5 }),
    dummies: fc.integer({ min: 0, max: 2 }),
    density: fc.double({
      min: ranges.minDensity ?? 0.2,
      max: ranges.maxDensity ?? 0.7,
      noNaN: true,
    }),
    maxCycle: fc.integer({ min: 2, max: 3 }),
  };
}

/** The instance `options` draws, compiled, with its loops of at most `maxCycle` real items. */
export function loopsOf(options: RandomInstanceOptions, maxCycle: number) {
  const input = randomInstance(options);
  const instance = compileInstance(input);
  const cycles = dropDominated(
    enumerateCycles(instance, buildTradeGraph(instance), maxCycle, 10_000),
  );
  return { input, instance, cycles };
}
