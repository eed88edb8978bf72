import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as englishSaved } from '../../shared/i18n/compiled/en.saved';
import { activateLocale, addMessages, currentTranslator, withParts } from './i18n';

const failing = vi.hoisted(() => new Set<string>());
vi.mock('./i18n-parts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./i18n-parts')>();
  return {
    loadPart: (...args: Parameters<typeof actual.loadPart>) =>
      failing.has(args[1]) ? Promise.reject(new Error('offline')) : actual.loadPart(...args),
  };
});

const SAVED_ID = Object.keys(englishSaved)[0] ?? '';

describe('a part that fails to load', () => {
  afterEach(() => failing.clear());

  it('leaves its screen in English, not ids nor an error, and is asked for again later', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await activateLocale('de');
    failing.add('saved');
    const english = (await import('../../shared/i18n/translators')).translatorFor('en');

    await expect(
      withParts(async () => addMessages('saved', englishSaved))(),
    ).resolves.toBeUndefined();
    expect(currentTranslator().locale).toBe('de');
    expect(currentTranslator().has(SAVED_ID)).toBe(false);
    expect(currentTranslator()._(SAVED_ID as never)).toBe(english._(SAVED_ID as never));
    expect(warn).toHaveBeenCalled();

    failing.clear();
    await withParts(async () => 'next screen')();
    expect(currentTranslator().has(SAVED_ID)).toBe(true);
    expect(currentTranslator()._(SAVED_ID as never)).not.toBe(english._(SAVED_ID as never));
  });

  it('a language whose app part fails is not switched to', async () => {
    await activateLocale('en');
    failing.add('app');
    await expect(activateLocale('ar')).rejects.toThrow('offline');
    expect(currentTranslator().locale).toBe('en');
    expect(document.documentElement.lang).not.toBe('ar');
  });
});
