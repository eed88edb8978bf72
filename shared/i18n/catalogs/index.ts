import type { Locale } from '../locales.js';
import { ar } from './ar.js';
import { de } from './de.js';
import { type Catalog, en } from './en.js';
import { ptBR } from './pt-BR.js';

/**
 * Every catalog's source, for the compiler and the tests only: the app imports the compiled
 * catalogs (../compiled/), English with the app and each other language on its own.
 */
export const SOURCE_CATALOGS: Record<Locale, Catalog> = { en, 'pt-BR': ptBR, de, ar };
