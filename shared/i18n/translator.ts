import type { MessageId } from './catalogs/en.js';
import type { Locale } from './locales.js';

/**
 * A message as Lingui's compiler writes it (@lingui/message-utils, run by npm run i18n:compile):
 * text, `[name]` for an argument, `[name, type, format]` for a formatted one, with a branch per
 * case for plural, selectordinal and select; "#" inside a plural's branch is its number.
 */
type Token = string | [name: string, type?: string, format?: unknown];
export type CompiledMessage = Token[];
export type CompiledCatalog = Record<string, CompiledMessage>;
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** Translates a message of the catalogs into one language, its arguments filled in. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

export type Translator = {
  locale: Locale;
  _: Translate;
  /** Whether the catalog has `id` (an id made at run time, a category's, may be missing). */
  has: (id: string) => boolean;
};

/**
 * Reads compiled messages with the platform's Intl (plural rules, numbers, dates): the part of
 * an i18n library a page needs at run time once catalogs are compiled (decision 013). Formatters
 * are made on first use: each loads locale data, which a phone feels as a page starts.
 */
export function createTranslator(locale: Locale, catalog: CompiledCatalog): Translator {
  const made = new Map<string, unknown>();
  const once = <T>(key: string, make: () => T): T => {
    if (!made.has(key)) made.set(key, make());
    return made.get(key) as T;
  };
  const plural = (type: 'cardinal' | 'ordinal') =>
    once(type, () => new Intl.PluralRules(locale, { type }));
  const numbers = () => once('number', () => new Intl.NumberFormat(locale));
  const dates = (style: string) =>
    once(`date ${style}`, () => {
      const known = ['short', 'medium', 'long', 'full'] as const;
      const dateStyle = known.find((size) => size === style) ?? 'medium';
      return new Intl.DateTimeFormat(locale, { dateStyle });
    });

  const render = (tokens: CompiledMessage, values: MessageValues, count?: number): string => {
    let text = '';
    for (const token of tokens) {
      if (typeof token === 'string') {
        text += token === '#' && count !== undefined ? numbers().format(count) : token;
        continue;
      }
      const [name, type, format] = token;
      const value = values[name];
      if (type === 'plural' || type === 'selectordinal') {
        const n = Number(value);
        const cases = format as Record<string, CompiledMessage>;
        const category = plural(type === 'plural' ? 'cardinal' : 'ordinal').select(n);
        const branch = cases[String(n)] ?? cases[category] ?? cases.other ?? [];
        text += render(branch, values, n);
      } else if (type === 'select') {
        const cases = format as Record<string, CompiledMessage>;
        text += render(cases[String(value)] ?? cases.other ?? [], values, count);
      } else if (type === 'number' && typeof value === 'number') {
        text += numbers().format(value);
      } else if (type === 'date' && value != null) {
        text += dates(String(format ?? 'medium')).format(new Date(value));
      } else if (value != null) {
        text += String(value);
      }
    }
    return text;
  };

  return {
    locale,
    // An id no catalog has is a bug the catalog tests catch; shown as itself, it is easy to spot.
    _: (id, values = {}) => {
      const message = catalog[id];
      return message ? render(message, values) : id;
    },
    has: (id) => Object.hasOwn(catalog, id),
  };
}
