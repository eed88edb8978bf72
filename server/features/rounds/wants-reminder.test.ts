import { describe, expect, it } from 'vitest';
import { wantsReminderAt } from './rounds.service.js';

const at = (iso: string) => new Date(iso);

describe('wantsReminderAt', () => {
  it('is a day before want lists close', () => {
    expect(wantsReminderAt(at('2026-12-01T12:00:00Z'), at('2026-12-08T12:00:00Z'))).toEqual(
      at('2026-12-07T12:00:00Z'),
    );
  });

  it('is halfway through a wants phase shorter than two days', () => {
    expect(wantsReminderAt(at('2026-12-01T12:00:00Z'), at('2026-12-01T18:00:00Z'))).toEqual(
      at('2026-12-01T15:00:00Z'),
    );
  });
});
