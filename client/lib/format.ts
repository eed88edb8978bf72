export { displayName } from '../../shared/names';

/** en-GB's short month names, as Intl writes them ("Sept" since CLDR 38). */
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec'.split(' ');

/**
 * "5 Nov 2026" in the reader's time zone: what `Intl.DateTimeFormat('en-GB', { day: 'numeric',
 * month: 'short', year: 'numeric' })` writes, without it. Making that formatter loads locale data,
 * about 40 ms on a phone as the page starts (issue 19 §4, TBT), and the server's ICU and a
 * browser's could write a month differently, which would break taking over server-drawn pages.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** 12,345: en-GB digit grouping without loading a number formatter (see formatDate). */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Made on first use: each loads locale data, which a phone feels at start-up.
let relativeFormat: Intl.RelativeTimeFormat | undefined;
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 minutes ago", "yesterday"; a plain date after a week. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  let amount = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) {
      relativeFormat ??= new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
      return unit === 'second' ? 'just now' : relativeFormat.format(amount, unit);
    }
    amount = Math.round(amount / size);
  }
  return formatDate(iso);
}
