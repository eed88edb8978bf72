/** What the browse page needs to offer a want alert, apart from the zod schemas of saved-searches.ts. */

/** A member keeps at most this many want alerts. */
export const MAX_SAVED_SEARCHES = 50;
export const TOO_MANY_SAVED_SEARCHES = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one you no longer need to save another.`;
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';

/** How often a want alert tells its member of new listings. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'As soon as one is listed',
  daily: 'Once a day',
  off: 'Paused',
};
