import { describe, expect, it } from 'vitest';
import type { RoundResult } from '../../../shared/rounds';
import { optimality } from './round-result';

const result = (fields: Partial<RoundResult>): RoundResult => ({
  itemsTraded: 1394,
  items: 2000,
  membersTrading: 300,
  members: 400,
  loops: 480,
  totalRank: 9000,
  optimal: false,
  elapsedMs: 9500,
  method: 'capped',
  ...fields,
});

describe('optimality', () => {
  it('says optimal when proven', () => {
    expect(optimality(result({ optimal: true, itemsBound: 1394 }))).toBe(
      'Optimal: no answer trades more.',
    );
  });

  it('gives the proven bound and the gap when the time limit stopped the proof', () => {
    expect(optimality(result({ itemsBound: 1413 }))).toBe(
      'Best found within the time limit; no answer can trade more than 1413 (19 more at most).',
    );
  });

  it('says only that the limit stopped it for results saved before bounds were kept', () => {
    expect(optimality(result({}))).toBe('Best found within the time limit.');
  });
});
