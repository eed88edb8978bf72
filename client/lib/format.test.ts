import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatRelative } from './format';

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

describe('in other languages', () => {
  const noon = new Date(2026, 10, 5, 12).toISOString();
  it('writes dates as the language does', () => {
    expect(formatDate(noon, 'pt-BR')).toBe('5 de nov. de 2026');
    expect(formatDate(noon, 'de')).toBe('5. Nov. 2026');
    expect(formatDate(noon, 'ar')).toMatch(/نوفمبر/);
  });

  it('groups digits as the language does', () => {
    expect(formatCount(12_345, 'de')).toBe('12.345');
    expect(formatCount(12_345, 'pt-BR')).toBe('12.345');
    expect(formatCount(12_345, 'en')).toBe('12,345');
  });

  it('says how long ago in the language, English keeping "just now"', () => {
    const now = new Date(noon).getTime();
    const fiveMinutesAgo = new Date(now - 5 * 60_000).toISOString();
    expect(formatRelative(fiveMinutesAgo, now)).toBe('5 minutes ago');
    expect(formatRelative(fiveMinutesAgo, now, 'de')).toBe('vor 5 Minuten');
    expect(formatRelative(fiveMinutesAgo, now, 'pt-BR')).toBe('há 5 minutos');
    expect(formatRelative(noon, now)).toBe('just now');
    expect(formatRelative(noon, now, 'de')).toBe('jetzt');
  });
});
