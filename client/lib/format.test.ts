import { describe, expect, it } from 'vitest';
import { formatCount, formatDate } from './format';

describe('formatDate', () => {
  it('writes every month as en-GB Intl does, in the reader’s time zone', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2026, month, day, 23, 59);
        expect(formatDate(date.toISOString())).toBe(intl.format(date));
      }
    }
  });

  it('names the day, the short month and the year', () => {
    expect(formatDate(new Date(2026, 8, 5, 12).toISOString())).toBe('5 Sept 2026');
    expect(formatDate(new Date(1999, 11, 31, 12).toISOString())).toBe('31 Dec 1999');
  });
});

describe('formatCount', () => {
  it('groups digits in threes as en-GB does', () => {
    for (const count of [0, 7, 999, 1000, 12_345, 100_020, 1_000_000, 987_654_321]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-GB'));
    }
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});
