export { displayName } from '../../shared/names';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const relativeFormat = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
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
      return unit === 'second' ? 'just now' : relativeFormat.format(amount, unit);
    }
    amount = Math.round(amount / size);
  }
  return formatDate(iso);
}
