import { describe, expect, it } from 'vitest';
import { closestLocale, htmlLangOf, localeOfHtmlLang, negotiateLocale } from './locales.js';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['de-AT,de;q=0.9', 'de'],
    ['ar-EG', 'ar'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['ja', 'en'],
    ['*', 'en'],
    ['en;q=0.5, de;q=0.8', 'de'],
    ['fr, de;q=0.1, ar;q=0.4', 'ar'],
    ['de;q=0, pt', 'pt-BR'],
    ['DE', 'de'],
    ['garbage;;;q=x, ,', 'en'],
  ])('%o → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});

describe('closestLocale and <html lang>', () => {
  it('maps tags to our languages', () => {
    expect(closestLocale('pt-br')).toBe('pt-BR');
    expect(closestLocale('es')).toBeUndefined();
    expect(htmlLangOf('en')).toBe('en-GB');
    expect(htmlLangOf('ar')).toBe('ar');
    expect(localeOfHtmlLang('en-GB')).toBe('en');
    expect(localeOfHtmlLang('pt-BR')).toBe('pt-BR');
    expect(localeOfHtmlLang('xx')).toBe('en');
  });
});
