import type { Locale } from '../locales.js';

/**
 * One screen's (or one server text's) messages in every language, side by side: a translator
 * reads each English message next to its translations, and the areas are separate files so
 * that work on different screens never edits the same lines. Each language's catalog
 * (en.ts, pt-BR.ts, de.ts, ar.ts) spreads every area in; a translation that misses or adds an
 * id fails typecheck here, before the catalogs' own test.
 */
export type AreaMessages<English extends Record<string, string>> = {
  en: English;
} & Record<Exclude<Locale, 'en'>, Record<keyof English, string>>;

export const defineArea = <const English extends Record<string, string>>(
  area: AreaMessages<English>,
): AreaMessages<English> => area;
