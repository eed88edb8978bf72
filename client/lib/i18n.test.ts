import { beforeEach, describe, expect, it } from 'vitest';
import { messages as englishHome } from '../../shared/i18n/compiled/en.home';
import { messages as englishNotFound } from '../../shared/i18n/compiled/en.not-found';
import { messages as englishSaved } from '../../shared/i18n/compiled/en.saved';
import { activateLocale, addMessages, currentTranslator, withParts } from './i18n';

// A home-page id and a saved-items one: each in its screen's part, not in the app part.
const HOME_ID = Object.keys(englishHome)[0] ?? '';
const SAVED_ID = Object.keys(englishSaved)[0] ?? '';
const NOT_FOUND_ID = Object.keys(englishNotFound)[0] ?? '';

describe("another language's parts", () => {
  beforeEach(() => activateLocale('en'));

  it('loads the app part and the registered parts only, in the language in use', async () => {
    await activateLocale('pt-BR');
    expect(currentTranslator().locale).toBe('pt-BR');
    expect(currentTranslator().has('nav.help')).toBe(true);
    expect(currentTranslator().has(HOME_ID)).toBe(false);

    // A lazy screen whose module registers its part draws only once that part is there.
    await withParts(async () => addMessages('home', englishHome))();
    expect(currentTranslator().has(HOME_ID)).toBe(true);
    expect(currentTranslator()._(HOME_ID as never)).not.toBe(HOME_ID);
  });

  it('switching language loads every part the loaded screens need, before the switch', async () => {
    await activateLocale('pt-BR');
    await withParts(async () => addMessages('saved', englishSaved))();
    const switching = activateLocale('de');
    expect(currentTranslator().locale).toBe('pt-BR'); // not before its parts are there
    await switching;
    expect(currentTranslator().locale).toBe('de');
    expect(currentTranslator().has(SAVED_ID)).toBe(true);
    expect(currentTranslator().has(HOME_ID)).toBe(true);
  });

  it('a screen loaded during a switch has its words in both languages', async () => {
    await activateLocale('pt-BR');
    expect(currentTranslator().has(NOT_FOUND_ID)).toBe(false);
    const switching = activateLocale('ar');
    await withParts(async () => addMessages('not-found', englishNotFound))();
    // Drawn now, in Portuguese, or after the switch, in Arabic: its part is there in both.
    expect(currentTranslator().has(NOT_FOUND_ID)).toBe(true);
    await switching;
    expect(currentTranslator().locale).toBe('ar');
    expect(currentTranslator().has(NOT_FOUND_ID)).toBe(true);
  });
});
