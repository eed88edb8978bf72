import { htmlLangOf, type Locale } from '../../shared/i18n/locales';

export { displayName } from '../../shared/names';

/** en-GB's short month names, as Intl writes them ("Sept" since CLDR 38). */
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec'.split(' ');

// Other languages' formatters, made on first use: each loads locale data, which a phone feels.
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const countFormats = new Map<Locale, Intl.NumberFormat>();
const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();

const formatterOf = <Format>(made: Map<Locale, Format>, locale: Locale, make: () => Format) => {
  let format = made.get(locale);
  if (!format) {
    format = make();
    made.set(locale, format);
  }
  return format;
};

/**
 * "5 Nov 2026" in the reader's time zone; "5 de nov. de 2026", "5. Nov. 2026", "٥ نوفمبر ٢٠٢٦"
 * in the page's other languages (pass `useI18n().locale`, so that a page the server draws and the
 * browser's agree). English is written without Intl: making that formatter loads locale data,
 * about 40 ms on a phone as the page starts (issue 19 §4, TBT), and the server's ICU and a
 * browser's could write a month differently, which would break taking over server-drawn pages.
 */
export function formatDate(iso: string, locale: Locale = 'en'): string {
  const date = new Date(iso);
  if (locale === 'en') return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  return formatterOf(
    dateFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }),
  ).format(date);
}

/** 12,345: en-GB digit grouping without loading a number formatter (see formatDate). */
export function formatCount(count: number, locale: Locale = 'en'): string {
  if (locale === 'en') return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return formatterOf(countFormats, locale, () => new Intl.NumberFormat(locale)).format(count);
}

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 minutes ago", "yesterday" ("há 5 minutos", "vor 5 Minuten"); a plain date after a week. */
export function formatRelative(
  iso: string,
  now: number = Date.now(),
  locale: Locale = 'en',
): string {
  let amount = Math.round((new Date(iso).getTime() - now) / 1000);
  const relative = () =>
    formatterOf(
      relativeFormats,
      locale,
      () => new Intl.RelativeTimeFormat(htmlLangOf(locale), { numeric: 'auto' }),
    );
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) {
      // "now" in the reader's language; English keeps its "just now"
      if (unit === 'second') return locale === 'en' ? 'just now' : relative().format(0, 'second');
      return relative().format(amount, unit);
    }
    amount = Math.round(amount / size);
  }
  return formatDate(iso, locale);
}
