import { describe, expect, it } from 'vitest';
import type { Round } from '../../../../shared/rounds';
import { untilNextDeadline } from './rounds';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const round = (entriesCloseAt: string, wantsCloseAt: string) =>
  ({ entriesCloseAt, wantsCloseAt }) as Round;

describe('untilNextDeadline', () => {
  it('is the time to the nearest deadline ahead, plus a second', () => {
    expect(untilNextDeadline(round('2026-11-23T12:10:00Z', '2026-11-23T12:40:00Z'), NOW)).toBe(
      10 * 60_000 + 1000,
    );
    expect(untilNextDeadline(round('2026-11-23T11:00:00Z', '2026-11-23T12:30:00Z'), NOW)).toBe(
      30 * 60_000 + 1000,
    );
  });

  it('is undefined with nothing ahead within the hour, or no round yet', () => {
    expect(untilNextDeadline(round('2026-11-23T11:00:00Z', '2026-11-23T11:30:00Z'), NOW)).toBe(
      undefined,
    );
    expect(untilNextDeadline(round('2026-11-24T12:00:00Z', '2026-11-25T12:00:00Z'), NOW)).toBe(
      undefined,
    );
    expect(untilNextDeadline(undefined, NOW)).toBe(undefined);
  });
});
