import { z } from 'zod';
import { CONDITIONS, type Condition, FAIR_CHANCE_HOURS, LISTING_MODES } from './item-display.js';
import { ITEMS_PAGE_SIZE, NEAR_MAX_LENGTH } from './limits.js';
import { MAX_DB_ID } from './text.js';
import { publicUserSchema } from './users.js';

export {
  CONDITIONS,
  COORDINATES_PATTERN,
  type Condition,
  conditionLabel,
  DEFAULT_RADIUS_KM,
  FAIR_CHANCE_HOURS,
  isGiveaway,
  LISTING_MODES,
  type ListingMode,
  MAX_RADIUS_KM,
  RADIUS_CHOICES_KM,
  thumbnailOf,
} from './item-display.js';

import { ITEM_LIMITS, MAX_IMAGES_MESSAGE, MAX_ITEM_IMAGES, MAX_RADIUS_KM } from './item-display.js';

/** The listing rules live in item-display.ts (no zod), for the listing form; re-exported here. */
export {
  BANNED_WORDS,
  bannedWordMessage,
  findBannedWord,
  ITEM_LIMITS,
  ITEM_NOT_ALLOWED,
  MAX_IMAGES_MESSAGE,
  MAX_ITEM_IMAGES,
} from './item-display.js';

const conditionValues = CONDITIONS.map((c) => c.value) as [Condition, ...Condition[]];

const MODE_MESSAGE = 'mode must be swap or giveaway';
const modeSchema = z.enum(LISTING_MODES, { error: MODE_MESSAGE });
const FAIR_CHANCE_MESSAGE = `Fair chance must be a whole number of hours from ${FAIR_CHANCE_HOURS.min} to ${FAIR_CHANCE_HOURS.max}`;
/**
 * A give-away's fair chance in hours; ignored for a swap (stored as null). Left out (or null)
 * for a give-away: kept on an edit, FAIR_CHANCE_HOURS.default when new.
 */
const fairChanceHoursSchema = z
  .number({ error: FAIR_CHANCE_MESSAGE })
  .int({ error: FAIR_CHANCE_MESSAGE })
  .min(FAIR_CHANCE_HOURS.min, { error: FAIR_CHANCE_MESSAGE })
  .max(FAIR_CHANCE_HOURS.max, { error: FAIR_CHANCE_MESSAGE })
  .nullish()
  .transform((v) => v ?? undefined);

const optionalText = (max: number, name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

/** An uploaded picture as the client sends it, or the URL of one the item already has. */
export const imageRefSchema = z
  .string({ error: 'Images must be data URLs or image links' })
  .max(12_000_000, { error: 'Each image must be smaller than 8 MB' });

const itemFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(ITEM_LIMITS.title, { error: `Title must be at most ${ITEM_LIMITS.title} characters` }),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, { error: 'Description is required' })
    .max(ITEM_LIMITS.description, {
      error: `Description must be at most ${ITEM_LIMITS.description} characters`,
    }),
  condition: z.enum(conditionValues, { error: 'Please select a condition' }),
  wantedItems: optionalText(ITEM_LIMITS.wantedItems, 'Wanted items'),
  estimatedValue: optionalText(ITEM_LIMITS.estimatedValue, 'Estimated value'),
  isOpenToOffers: z.boolean({ error: 'isOpenToOffers must be true or false' }).default(false),
  location: optionalText(ITEM_LIMITS.location, 'Location'),
  images: z
    .array(imageRefSchema, { error: 'Images must be a list' })
    .max(MAX_ITEM_IMAGES, { error: MAX_IMAGES_MESSAGE })
    .default([]),
  fairChanceHours: fairChanceHoursSchema,
};

/** POST /api/items: categoryId is a number or null (SPEC §5). */
export const createItemSchema = z.object({
  ...itemFields,
  /** `swap` unless said: SPEC §7's body has no mode. */
  mode: modeSchema.default('swap'),
  categoryId: z
    .number({ error: 'Please select a category' })
    .int({ error: 'Please select a category' })
    .positive({ error: 'Please select a category' })
    .max(MAX_DB_ID, { error: 'Please select a category' })
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateItemInput = z.input<typeof createItemSchema>;
export type CreateItem = z.output<typeof createItemSchema>;

/** PUT /api/items/:id: categoryId arrives as a non-empty string (SPEC §5), or a number. */
export const updateItemSchema = z.object({
  ...itemFields,
  /** Not in the spec's PUT body: left out, the listing keeps its mode. */
  mode: modeSchema.optional(),
  /** Not in the spec's PUT body: left out, the stored value stays. */
  estimatedValue: z
    .string({ error: 'Estimated value must be text' })
    .trim()
    .max(ITEM_LIMITS.estimatedValue, {
      error: `Estimated value must be at most ${ITEM_LIMITS.estimatedValue} characters`,
    })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  categoryId: z
    .union([z.string().trim().min(1, { error: 'Please select a category' }), z.number()], {
      error: 'Please select a category',
    })
    .transform((v) => Number(v))
    .pipe(
      z
        .number({ error: 'Please select a category' })
        .int({ error: 'Please select a category' })
        .positive({ error: 'Please select a category' })
        .max(MAX_DB_ID, { error: 'Please select a category' }),
    ),
});
export type UpdateItemInput = z.input<typeof updateItemSchema>;
export type UpdateItem = z.output<typeof updateItemSchema>;

export { ITEMS_PAGE_SIZE };
export const ITEMS_MAX_PAGE_SIZE = 100;

const optionalQueryText = z
  .string()
  .trim()
  .max(200, { error: 'Search terms must be at most 200 characters' })
  .optional()
  .transform((v) => (v ? v : undefined));

export const itemsQuerySchema = z
  .object({
    search: optionalQueryText,
    categoryId: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
      .pipe(
        z
          .number({ error: 'categoryId must be a number' })
          .int({ error: 'categoryId must be a number' })
          .positive({ error: 'categoryId must be a number' })
          .max(MAX_DB_ID, { error: 'categoryId is out of range' })
          .optional(),
      ),
    userId: z.string().trim().max(64).optional(),
    location: optionalQueryText,
    condition: z.enum(conditionValues, { error: 'Unknown condition' }).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int()
      .min(1)
      .max(ITEMS_MAX_PAGE_SIZE, { error: `limit must be at most ${ITEMS_MAX_PAGE_SIZE}` })
      .default(ITEMS_PAGE_SIZE),
    offset: z.coerce
      .number({ error: 'offset must be a number' })
      .int()
      .min(0)
      .max(100_000)
      .default(0),
    debug: z.enum(['true', '1']).optional(),
    /** A town the gazetteer knows, or `lat,lon`. */
    near: z
      .string()
      .trim()
      .max(NEAR_MAX_LENGTH, { error: `near must be at most ${NEAR_MAX_LENGTH} characters` })
      .optional()
      .transform((v) => (v ? v : undefined)),
    radiusKm: z.coerce
      .number({ error: 'radiusKm must be a number of kilometres' })
      .int({ error: 'radiusKm must be a whole number of kilometres' })
      .min(1, { error: `radiusKm must be between 1 and ${MAX_RADIUS_KM}` })
      .max(MAX_RADIUS_KM, { error: `radiusKm must be between 1 and ${MAX_RADIUS_KM}` })
      .optional(),
    sort: z.enum(['newest', 'distance'], { error: 'sort must be newest or distance' }).optional(),
    /** `giveaway`: free listings only; `swap`: the others; left out, both. */
    mode: modeSchema.optional(),
    /** `local`: this community's listings only; everywhere (the default) includes followed ones. */
    scope: z
      .enum(['local', 'everywhere'], { error: 'scope must be local or everywhere' })
      .optional(),
  })
  .refine((q) => q.near !== undefined || q.radiusKm === undefined, {
    error: 'radiusKm needs a place in near',
  })
  .refine((q) => q.near !== undefined || q.sort !== 'distance', {
    error: 'Sorting by distance needs a place in near',
  });
export type ItemsQuery = z.output<typeof itemsQuerySchema>;

/**
 * GET /api/items/facets: how many listings the same browse or search query finds per category
 * and per condition. Category counts leave the query's own category filter out (and condition
 * counts its condition), so every choice shows what it would find; `total` is the query's own.
 */
export const itemFacetsSchema = z
  .object({
    total: z.number(),
    categories: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() }).strict()),
    conditions: z.array(z.object({ condition: z.string(), count: z.number() }).strict()),
  })
  .strict();
export type ItemFacets = z.infer<typeof itemFacetsSchema>;

/** A listing's owner as cards and the detail page show them: their real rating (DESIGN §7). */
export const itemOwnerSchema = publicUserSchema
  .extend({
    averageRating: z.number(),
    totalRatings: z.number(),
  })
  .meta({ id: 'ItemOwner' });
export type ItemOwner = z.infer<typeof itemOwnerSchema>;

/** A listing as GET /api/items and GET /api/items/:id answer (lists carry a shortened description). */
export const itemSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    categoryId: z.number().nullable(),
    category: z.object({ id: z.number(), name: z.string() }).nullable(),
    condition: z.string(),
    images: z.array(z.string()),
    userId: z.string(),
    user: itemOwnerSchema,
    wantedItems: z.string().nullable(),
    estimatedValue: z.string().nullable(),
    isOpenToOffers: z.boolean(),
    /**
     * `swap`, or `giveaway`: free, its owner wants nothing back (its `wantedItems` is null and
     * `isOpenToOffers` false).
     */
    mode: z.enum(LISTING_MODES),
    /** A give-away's fair chance in whole hours (0–72); null for a swap. */
    fairChanceHours: z.number().int().nullable(),
    /**
     * When a give-away's fair chance ends (ISO time): `giveaway_since` + `fairChanceHours`; before
     * it no request can be accepted or drawn. Null for a swap.
     */
    requestsOpenUntil: z.string().nullable(),
    /**
     * The place the server found for the text the owner typed (a town, a city or a city's
     * district), never that text, which may be a street address; null when no place was found.
     * Sent back unchanged in an edit, the listing stays where it is.
     */
    location: z.string().nullable(),
    /**
     * Where the listing is, as the public may know it: a circle around a point 0.5–1.5 km from the
     * real one (which never leaves the server), the same for all the owner's listings at one
     * place. Null when the location is unknown.
     */
    area: z
      .object({ latitude: z.number(), longitude: z.number(), radiusKm: z.number() })
      .nullable(),
    /** With `near`: whole km from the place to the listing's public point, at least 1. */
    distanceKm: z.number().optional(),
    isActive: z.boolean(),
    /**
     * Promised to a swap circle or round in progress: no offer on it can be accepted, and its owner
     * cannot edit or delete it (shared/policies/items.ts).
     */
    isReserved: z.boolean(),
    /**
     * A listing of another community (federation): its instance and the listing's page there,
     * and its owner's profile page at home. Null for this community's own listings.
     */
    origin: z
      .object({
        host: z.string(),
        instanceName: z.string().nullable(),
        url: z.string(),
        ownerUrl: z.string().nullable(),
        /**
         * Issue 39 §1: offers on it travel to its home (the two communities follow each other,
         * both ways accepted, neither blocked); otherwise it is shown and matched, not offered on.
         */
        offersTravel: z.boolean(),
      })
      .nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Item' });
export type Item = z.infer<typeof itemSchema>;

/** The diagnostics pages' answer (SPEC §7): the items, what was asked, and nothing internal. */
export const debugSearchSchema = z.object({
  items: z.array(itemSchema),
  searchParams: z.object({
    search: z.string().nullable(),
    categoryId: z.number().nullable(),
    userId: z.string().nullable(),
    location: z.string().nullable(),
    condition: z.string().nullable(),
    limit: z.number(),
    offset: z.number(),
  }),
  debug: z.object({ count: z.number(), durationMs: z.number() }),
});

/** GET /api/items/:id/saved and the save/unsave answers. */
export const savedStateSchema = z.object({ isSaved: z.boolean() });

/**
 * GET /api/saved-items/ids: every listing the member saved, as ids. One answer gives every heart
 * on a page its state (a browse page shows 24), where a flag per listing took 24 requests.
 */
export const savedIdsSchema = z.object({ itemIds: z.array(z.number().int()) });
export type SavedIds = z.infer<typeof savedIdsSchema>;

/** GET /api/saved-items: one wishlist entry with its listing. */
export const savedEntrySchema = z
  .object({
    id: z.number(),
    userId: z.string(),
    itemId: z.number(),
    createdAt: z.string(),
    item: itemSchema,
  })
  .meta({ id: 'SavedEntry' });
export type SavedEntry = z.infer<typeof savedEntrySchema>;
