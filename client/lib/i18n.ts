import { messages as en } from '../../shared/i18n/compiled/en';
import type { BrowserPart } from '../../shared/i18n/compiled/parts';
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
import { loadPart } from './i18n-parts';

/**
 * The browser's language. Catalogs are compiled in parts (scripts/i18n/compile-catalog.ts):
 * English, the source, comes with the code (the `app` part with the app, a screen's part with
 * the screen's chunk, which registers it: addMessages). Another language's parts are chunks of
 * their own, fetched for the language in use only as the screens that need them load: so a
 * page fetches the few KB of words it shows, not the whole language.
 */
const englishCatalog: CompiledCatalog = { ...en };
const english = createTranslator('en', englishCatalog);
let current: Translator = english;
const listeners = new Set<() => void>();

/** The parts the loaded screens need ('app' always: what every page shows). */
const needed = new Set<BrowserPart>(['app']);
/** Each language's messages so far, which its translator reads, and its parts' loads. */
const catalogs: Partial<Record<Locale, CompiledCatalog>> = { en: englishCatalog };
const translators: Partial<Record<Locale, Translator>> = { en: english };
const loads = new Map<string, Promise<void>>();
/** The language asked for last (activateLocale), whose parts loadNeededParts fetches too. */
let wanted: Locale = 'en';

/**
 * A screen's messages, registered by its module as it is evaluated: its English (which its chunk
 * brings) and the name of its part, so that the language in use loads that part too
 * (loadNeededParts, activateLocale).
 */
export function addMessages(part: BrowserPart, englishMessages: CompiledCatalog): void {
  Object.assign(englishCatalog, englishMessages);
  needed.add(part);
}

/** Fetches every part `locale` lacks of those the loaded screens need (none for English). */
function loadParts(locale: Locale): Promise<unknown> {
  if (locale === 'en') return Promise.resolve();
  // English underneath: should a part fail to load, its screen shows English, not ids.
  const catalog: CompiledCatalog = catalogs[locale] ?? Object.create(englishCatalog);
  catalogs[locale] = catalog;
  translators[locale] ??= createTranslator(locale, catalog);
  return Promise.all(
    [...needed].map((part) => {
      const key = `${locale} ${part}`;
      let load = loads.get(key);
      if (!load) {
        load = loadPart(locale, part).then(
          (messages) => void Object.assign(catalog, messages),
          (error: unknown) => {
            loads.delete(key); // tried again on the next need
            throw error;
          },
        );
        loads.set(key, load);
      }
      return load;
    }),
  );
}

/**
 * The parts of the screens loaded so far, in the language in use and in the one being switched
 * to: lazy loaders await it after importing a screen or a dialog (withParts), so that nothing is
 * drawn before its words are there, whichever of the two it is drawn in. A module registers its
 * part (addMessages) as it is evaluated, before its loader calls this: none is missed.
 */
export const loadNeededParts = (): Promise<unknown> =>
  Promise.all([loadParts(current.locale), loadParts(wanted)]);

/** `load`, then the parts its modules registered: for lazy routes and dialogs. */
export const withParts =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> => {
    const loaded = await load();
    // A part that fails to load (offline, a deploy in between) leaves that screen in English
    // rather than failing it; the next screen that needs the part asks for it again.
    await loadNeededParts().catch((error: unknown) =>
      console.warn('Could not load the words of a screen; showing English', error),
    );
    return loaded;
  };

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

/**
 * Loads the parts of `locale` the loaded screens need, then makes it the app's and marks the
 * page with it. Should a load fail, the language in use stays (and the promise rejects).
 */
export async function activateLocale(locale: Locale): Promise<void> {
  wanted = locale;
  await loadParts(locale);
  if (wanted !== locale) return; // another choice came meanwhile: it decides
  const translator = translators[locale] ?? english;
  const root = document.documentElement;
  root.lang = htmlLangOf(locale);
  root.dir = directionOf(locale);
  if (translator !== current) {
    current = translator;
    for (const changed of listeners) changed();
  }
}

/** A choice made in the footer: kept a year in a cookie, so pages the server draws follow it. */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}
