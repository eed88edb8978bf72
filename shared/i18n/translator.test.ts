import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import type { MessageId } from './catalogs/en.js';
import type { Locale } from './locales.js';
import { createTranslator } from './translator.js';

/** A translator of one ad-hoc ICU message, compiled as npm run i18n:compile does. */
const say = (locale: Locale, icu: string, values?: Record<string, string | number | Date>) =>
  createTranslator(locale, { m: compileMessageOrThrow(icu) })._('m' as MessageId, values);

describe('createTranslator', () => {
  it('fills arguments, exact plural cases, categories and #', () => {
    const icu = '{n, plural, =0 {no swaps} one {# swap with {name}} other {# swaps with {name}}}';
    expect(say('en', icu, { n: 0, name: 'Ana' })).toBe('no swaps');
    expect(say('en', icu, { n: 1, name: 'Ana' })).toBe('1 swap with Ana');
    expect(say('en', icu, { n: 1234, name: 'Ana' })).toBe('1,234 swaps with Ana');
    expect(say('de', icu, { n: 1234, name: 'Ana' })).toBe('1.234 swaps with Ana');
  });

  it('picks Arabic’s six plural forms and Portuguese’s one for 0 and 1', () => {
    const icu = '{n, plural, zero {z} one {o} two {t} few {f} many {m} other {x}}';
    expect([0, 1, 2, 3, 11, 100].map((n) => say('ar', icu, { n }))).toEqual([
      'z',
      'o',
      't',
      'f',
      'm',
      'x',
    ]);
    expect([0, 1, 2].map((n) => say('pt-BR', '{n, plural, one {o} other {x}}', { n }))).toEqual([
      'o',
      'o',
      'x',
    ]);
  });

  it('selects, formats numbers and dates for the locale', () => {
    expect(say('en', '{kind, select, swap {Swap} other {Give away}}', { kind: 'swap' })).toBe(
      'Swap',
    );
    expect(say('en', '{kind, select, swap {Swap} other {Give away}}', { kind: 'x' })).toBe(
      'Give away',
    );
    expect(say('de', '{v, number} km', { v: 12.5 })).toBe('12,5 km');
    expect(say('de', 'am {d, date, long}', { d: new Date(Date.UTC(2026, 10, 5, 12)) })).toBe(
      'am 5. November 2026',
    );
  });

  it('shows an id no catalog has as itself', () => {
    expect(createTranslator('en', {})._('home.heading')).toBe('home.heading');
    expect(createTranslator('en', {}).has('home.heading')).toBe(false);
  });
});
