import { messages as en } from '../../shared/i18n/compiled/en';
import {
  directionOf,
  htmlLangOf,
  LOCALE_COOKIE,
  type Locale,
  localeOfHtmlLang,
} from '../../shared/i18n/locales';
import {
  type CompiledCatalog,
  createTranslator,
  type Translator,
} from '../../shared/i18n/translator';

/**
 * The browser's language. English, the source language, comes with the app; any other
 * language's compiled catalog is its own chunk, fetched only when that language is used.
 */
const CATALOGS: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: CompiledCatalog }>> = {
  'pt-BR': () => import('../../shared/i18n/compiled/pt-BR'),
  de: () => import('../../shared/i18n/compiled/de'),
  ar: () => import('../../shared/i18n/compiled/ar'),
};

const englishCatalog: CompiledCatalog = { ...en };
const english = createTranslator('en', englishCatalog);
let current: Translator = english;
const translators: Partial<Record<Locale, Translator>> = { en: english };
const listeners = new Set<() => void>();

/**
 * English messages a page's chunk brings (the home page's: shared/i18n/compile-catalog.ts), so
 * that the app's own catalog carries only what every page shows.
 */
export function addEnglishMessages(messages: CompiledCatalog): void {
  Object.assign(englishCatalog, messages);
}

/** The translator of the language in use. */
export const currentTranslator = (): Translator => current;

/** Calls `changed` whenever the language changes; returns the unsubscribe. */
export function onLocaleChange(changed: () => void): () => void {
  listeners.add(changed);
  return () => listeners.delete(changed);
}

/** The language the server drew the page in (`<html lang>`: the cookie, else Accept-Language). */
export function pageLocale(): Locale {
  return localeOfHtmlLang(document.documentElement.lang);
}

/** Loads `locale`'s catalog if need be, makes it the app's, and marks the page with it. */
export async function activateLocale(locale: Locale): Promise<void> {
  let translator = translators[locale];
  if (!translator && locale !== 'en') {
    translator = createTranslator(locale, (await CATALOGS[locale]()).messages);
    translators[locale] = translator;
  }
  const root = document.documentElement;
  root.lang = htmlLangOf(locale);
  root.dir = directionOf(locale);
  if (translator && translator !== current) {
    current = translator;
    for (const changed of listeners) changed();
  }
}

/** A choice made in the footer: kept a year in a cookie, so pages the server draws follow it. */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}
