import { z } from 'zod';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NOT_FOUND,
  TOO_MANY_SAVED_SEARCHES,
} from './alert-frequencies.js';
import { LISTING_MODES, MAX_RADIUS_KM } from './item-display.js';
import { NEAR_MAX_LENGTH } from './limits.js';

export {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NOT_FOUND,
  TOO_MANY_SAVED_SEARCHES,
};

const frequency = z.enum(ALERT_FREQUENCIES, {
  error: 'frequency must be instant, daily or off',
});

/**
 * Where an alert's listings come from, as the browse page's "Listings from" said when it was
 * saved: everywhere (this community's and those it follows) or this community only (`local`).
 */
export const ALERT_SCOPES = ['everywhere', 'local'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];
const scope = z.enum(ALERT_SCOPES, { error: 'scope must be local or everywhere' });

/**
 * The browse page's Type filter (issue 38 §2): an alert kept to give-aways or to swaps hears of
 * listings of that mode only; null (or left out), of both, as browse without the filter.
 */
const mode = z
  .enum(LISTING_MODES, { error: 'mode must be swap or giveaway' })
  .nullish()
  .transform((v) => v ?? null);

const fields = {
  search: z
    .string({ error: 'Enter the words to look for' })
    .trim()
    .min(1, { error: 'Enter the words to look for' })
    .max(200, { error: 'Search words must be at most 200 characters' }),
  categoryId: z
    .number({ error: 'categoryId must be a category number' })
    .int({ error: 'categoryId must be a category number' })
    .positive({ error: 'categoryId must be a category number' })
    .max(2_147_483_647, { error: 'categoryId must be a category number' })
    .nullish()
    .transform((v) => v ?? null),
  near: z
    .string({ error: 'near must be a place' })
    .trim()
    .max(NEAR_MAX_LENGTH, { error: `near must be at most ${NEAR_MAX_LENGTH} characters` })
    .nullish()
    .transform((v) => v || null),
  radiusKm: z
    .number({ error: 'radiusKm must be a number of kilometres' })
    .int({ error: 'radiusKm must be a whole number of kilometres' })
    .min(1, { error: `radiusKm must be between 1 and ${MAX_RADIUS_KM}` })
    .max(MAX_RADIUS_KM, { error: `radiusKm must be between 1 and ${MAX_RADIUS_KM}` })
    .nullish()
    .transform((v) => v ?? null),
};

/** POST /api/saved-searches: the browse page's search, as a standing alert (everywhere unless told). */
export const createSavedSearchSchema = z
  .object({ ...fields, mode, frequency, scope: scope.default('everywhere') })
  .refine((s) => s.near !== null || s.radiusKm === null, {
    error: 'radiusKm needs a place in near',
  });
export type CreateSavedSearch = z.output<typeof createSavedSearchSchema>;

/** PATCH /api/saved-searches/:id: any of the fields; null clears category, place, radius or mode. */
export const updateSavedSearchSchema = z
  .object({
    search: fields.search.optional(),
    categoryId: fields.categoryId.optional(),
    near: fields.near.optional(),
    radiusKm: fields.radiusKm.optional(),
    mode: mode.optional(),
    frequency: frequency.optional(),
    scope: scope.optional(),
  })
  .transform((body) => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)))
  .pipe(
    z
      .object({
        search: z.string().optional(),
        categoryId: z.number().nullable().optional(),
        near: z.string().nullable().optional(),
        radiusKm: z.number().nullable().optional(),
        mode: z.enum(LISTING_MODES).nullable().optional(),
        frequency: frequency.optional(),
        scope: scope.optional(),
      })
      .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to update' }),
  );
export type UpdateSavedSearch = z.output<typeof updateSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.number(),
  search: z.string(),
  categoryId: z.number().nullable(),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  near: z.string().nullable(),
  radiusKm: z.number().nullable(),
  /** `giveaway` or `swap`: listings of that mode only; null: both. */
  mode: z.enum(LISTING_MODES).nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  scope: z.enum(ALERT_SCOPES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
