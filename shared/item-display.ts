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
