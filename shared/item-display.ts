/**
 * What the browse screens need to show a listing, kept apart from the zod schemas in items.ts so
 * that the home route does not download the validation library.
 */
export const CONDITIONS = [
  { value: 'new', label: 'New' },
  { value: 'like-new', label: 'Like New' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
] as const;
export type Condition = (typeof CONDITIONS)[number]['value'];

/**
 * How a listing changes hands: `swap` (the default: something in exchange) or `giveaway` (free:
 * its owner wants nothing back, and requests stay open for a fair chance before one is chosen).
 */
export const LISTING_MODES = ['swap', 'giveaway'] as const;
export type ListingMode = (typeof LISTING_MODES)[number];
export const isListingMode = (value: unknown): value is ListingMode =>
  LISTING_MODES.includes(value as ListingMode);

/**
 * A give-away's fair chance: how many whole hours (0–72) requests stay open, so everyone has a
 * chance, before its owner may accept one or draw one at random. Swaps store none (null).
 */
export const FAIR_CHANCE_HOURS = { min: 0, max: 72, default: 12 } as const;

/** Whether a listing is given away for free. */
export const isGiveaway = (item: { mode: string }): boolean => item.mode === 'giveaway';

export function conditionLabel(value: string): string {
  return CONDITIONS.find((c) => c.value === value)?.label ?? value;
}

/** Every stored picture has a small version for cards and the carousel at `<url>/thumb`. */
export function thumbnailOf(imageUrl: string): string {
  return imageUrl.startsWith('/api/images/') ? `${imageUrl}/thumb` : imageUrl;
}

/** Radius choices of the browse page's Near field; any whole km from 1 to 200 is accepted. */
export const RADIUS_CHOICES_KM = [5, 10, 25, 50, 100, 200] as const;
export const DEFAULT_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 200;

/** `near=lat,lon` as a browser sends it (rounded by the client; the server rounds again). */
export const COORDINATES_PATTERN = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** Banned words are matched as whole words in every language's list (banned-words.ts). */
export { BANNED_WORDS, findBannedWord } from './banned-words.js';

export const bannedWordMessage = (word: string) =>
  `Items containing "${word}" are not allowed for swapping`;
export const ITEM_NOT_ALLOWED = 'This item type is not allowed for swapping';
export const MAX_ITEM_IMAGES = 5;
export const MAX_IMAGES_MESSAGE = 'Maximum 5 images allowed';

export const ITEM_LIMITS = {
  title: 120,
  description: 2000,
  wantedItems: 500,
  estimatedValue: 60,
  location: 120,
} as const;

/** The widths stored pictures come in: the thumbnail and the full picture (server images/). */
const THUMB_WIDTH = 360;
const FULL_WIDTH = 800;
const STORED = /^(\/api\/images\/[0-9a-f-]{36})(\/thumb)?$/;

/**
 * `srcset` for one of our pictures (its thumbnail or the full one): the browser picks by the
 * width it will draw (`sizes`) and the screen's density; the server picks AVIF/WebP/JPEG by
 * Accept. Other URLs (a data URL being uploaded) get none.
 */
export function pictureSrcSet(url: string): string | undefined {
  const match = STORED.exec(url);
  if (!match) return undefined;
  return `${match[1]}/thumb ${THUMB_WIDTH}w, ${match[1]} ${FULL_WIDTH}w`;
}

/**
 * How wide the item page draws its photo (the gallery's `sizes`); the server preloads that photo
 * with the same `imagesrcset` and `imagesizes`, so the browser fetches it once, from the HTML.
 */
export const ITEM_PHOTO_SIZES = '(min-width: 1024px) 640px, 100vw';
