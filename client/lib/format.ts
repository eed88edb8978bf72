export { displayName } from '../../shared/names';

// Formatters are made on first use: each loads locale data, which a phone feels at start-up.
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return dateFormat.format(new Date(iso));
}

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
