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
