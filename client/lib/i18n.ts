import { setupI18n } from '@lingui/core';
import { messages as en } from '../../shared/i18n/compiled/en';
import {
  directionOf,
  htmlLangOf,
  LOCALE_COOKIE,
  type Locale,
  localeOfHtmlLang,
} from '../../shared/i18n/locales';

/**
 * The browser's one Lingui instance. English, the source language, comes with the app; any
 * other language's compiled catalog is its own chunk, fetched only when that language is used.
 */
export const i18n = setupI18n({ locale: 'en', messages: { en } });

const CATALOGS: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: typeof en }>> = {
  'pt-BR': () => import('../../shared/i18n/compiled/pt-BR'),
  de: () => import('../../shared/i18n/compiled/de'),
  ar: () => import('../../shared/i18n/compiled/ar'),
};

/** The language the server drew the page in (`<html lang>`: the cookie, else Accept-Language). */
export function pageLocale(): Locale {
  return localeOfHtmlLang(document.documentElement.lang);
}

/** Loads `locale`'s catalog if need be, makes it the app's, and marks the page with it. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale !== 'en' && !(locale in catalogsLoaded)) {
    const { messages } = await CATALOGS[locale]();
    i18n.load(locale, messages);
    catalogsLoaded[locale] = true;
  }
  if (i18n.locale !== locale) i18n.activate(locale);
  const root = document.documentElement;
  root.lang = htmlLangOf(locale);
  root.dir = directionOf(locale);
}
const catalogsLoaded: Partial<Record<Locale, true>> = {};

/** A choice made in the footer: kept a year in a cookie, so pages the server draws follow it. */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}
