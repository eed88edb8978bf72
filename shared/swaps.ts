import { z } from 'zod';
import { itemSchema } from './items.js';
import {
  CANCEL_REASON_MAX_LENGTH,
  CANCEL_REASON_REQUIRED,
  FEEDBACK_COMMENT_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  OFFER_DESCRIPTION_MAX_LENGTH,
  OFFER_SIDE_MAX,
  PATCHABLE_SWAP_STATUSES,
  SWAP_STATUSES,
} from './swap-display.js';
import { dbId } from './text.js';
import { publicUserSchema } from './users.js';

// The zod-free constants and helpers, for callers that import them from here.
export * from './swap-display.js';

const messageField = z
  .string({ error: 'Please enter a message.' })
  .trim()
  .min(1, { error: 'Please enter a message.' })
  .max(MESSAGE_MAX_LENGTH, {
    error: `Messages must be at most ${MESSAGE_MAX_LENGTH} characters`,
  });

/** One side of an offer: listing ids in the order the member put them, at most OFFER_SIDE_MAX. */
const listingIds = (name: string) =>
  z.array(dbId(name), { error: `${name} must be a list of listing ids` }).max(OFFER_SIDE_MAX, {
    error: `An offer names at most ${OFFER_SIDE_MAX} listings a side`,
  });

const BOTH_SHAPES = 'Send either itemIds and offeredItemIds or itemId and offeredItemId, not both';
const NO_LISTING_ASKED = 'Name the listing you ask for (itemId or itemIds)';

/**
 * POST /api/swap-requests. Issue 38: `itemIds` (1–5 listings of one member, asked for) and
 * `offeredItemIds` (0–5 of the sender's own, offered). The first shape, `itemId` and
 * `offeredItemId`, still means one of each; both shapes at once are refused. Either way the
 * output names both sides as lists.
 */
export const createSwapRequestSchema = z
  .object({
    itemIds: listingIds('itemIds').optional(),
    offeredItemIds: listingIds('offeredItemIds').optional(),
    itemId: dbId('itemId').optional(),
    /** Ignored: the offer always goes to the item's owner. Accepted for SPEC §7 compatibility. */
    toUserId: z.string().optional(),
    offeredItemId: dbId('offeredItemId').nullish(),
    message: messageField,
    offerDescription: z
      .string()
      .trim()
      .max(OFFER_DESCRIPTION_MAX_LENGTH, {
        error: `The offer description must be at most ${OFFER_DESCRIPTION_MAX_LENGTH} characters`,
      })
      .nullish()
      .transform((v) => v || null),
    offerImages: z
      .array(z.string().max(12_000_000), { error: 'offerImages must be a list' })
      .max(1, { error: 'You can attach one photo to an offer' })
      .default([]),
    /** Ignored: a new offer is always 'pending'. */
    status: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    const lists = body.itemIds !== undefined || body.offeredItemIds !== undefined;
    const single = body.itemId !== undefined || (body.offeredItemId ?? null) !== null;
    if (lists && single) ctx.addIssue({ code: 'custom', message: BOTH_SHAPES });
    else if (body.itemId === undefined && !body.itemIds?.length)
      ctx.addIssue({ code: 'custom', message: NO_LISTING_ASKED });
  })
  .transform((body) => ({
    itemIds: body.itemIds ?? (body.itemId === undefined ? [] : [body.itemId]),
    offeredItemIds: body.offeredItemIds ?? (body.offeredItemId ? [body.offeredItemId] : []),
    message: body.message,
    offerDescription: body.offerDescription,
    offerImages: body.offerImages,
  }));
export type CreateSwapRequest = z.output<typeof createSwapRequestSchema>;

/**
 * PATCH /api/swap-requests/:id. `reason` (1–500 characters, trimmed) goes with `cancelled` and is
 * required there; it is not read with any other status.
 */
export const updateSwapStatusSchema = z
  .object({
    status: z.enum(PATCHABLE_SWAP_STATUSES, {
      error: 'status must be pending, accepted, rejected, completed, withdrawn or cancelled',
    }),
    reason: z
      .string({ error: CANCEL_REASON_REQUIRED })
      .trim()
      .min(1, { error: CANCEL_REASON_REQUIRED })
      .max(CANCEL_REASON_MAX_LENGTH, {
        error: `The reason must be at most ${CANCEL_REASON_MAX_LENGTH} characters`,
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'cancelled' && body.reason === undefined)
      ctx.addIssue({ code: 'custom', message: CANCEL_REASON_REQUIRED });
  });
export type UpdateSwapStatus = z.output<typeof updateSwapStatusSchema>;

/**
 * POST /api/swap-requests/:id/counter. Issue 38: `itemIds` (1–5 listings of the offer's sender,
 * asked for) and `offeredItemIds` (0–5 of the counterer's own); `offeredItemIds` left out, as in
 * the first shape `{itemId}`, puts up what the offer asked for. Output: `offeredItemIds` null
 * means exactly that.
 */
export const counterOfferSchema = z
  .object({
    itemIds: listingIds('itemIds').optional(),
    offeredItemIds: listingIds('offeredItemIds').optional(),
    itemId: dbId('itemId').optional(),
    message: messageField,
  })
  .superRefine((body, ctx) => {
    const lists = body.itemIds !== undefined || body.offeredItemIds !== undefined;
    if (lists && body.itemId !== undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'Send either itemIds and offeredItemIds or itemId, not both',
      });
    else if (body.itemId === undefined && !body.itemIds?.length)
      ctx.addIssue({ code: 'custom', message: NO_LISTING_ASKED });
  })
  .transform((body) => ({
    itemIds: body.itemIds ?? (body.itemId === undefined ? [] : [body.itemId]),
    offeredItemIds: body.offeredItemIds ?? null,
    message: body.message,
  }));
export type CounterOffer = z.output<typeof counterOfferSchema>;

export const messageSchema = z.object({
  content: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, { error: 'Please enter a message.' })
    .max(MESSAGE_MAX_LENGTH, {
      error: `Messages must be at most ${MESSAGE_MAX_LENGTH} characters`,
    }),
});

/** POST /api/swap-requests/:id/messages/read: how many of the other party's messages it marked. */
export const messagesReadSchema = z.object({ read: z.number() });

/** POST /api/feedback: about a completed swap (`swapRequestId`) or swap circle (`circleId`). */
export const feedbackSchema = z
  .object({
    toUserId: z.string({ error: 'toUserId is required' }),
    swapRequestId: dbId('swapRequestId').optional(),
    circleId: dbId('circleId').optional(),
    rating: z
      .number({ error: 'Please select a star rating before submitting' })
      .int({ error: 'Please select a star rating before submitting' })
      .min(1, { error: 'Please select a star rating before submitting' })
      .max(5, { error: 'Please select a star rating before submitting' }),
    comment: z
      .string()
      .trim()
      .max(FEEDBACK_COMMENT_MAX_LENGTH, {
        error: `Comments must be at most ${FEEDBACK_COMMENT_MAX_LENGTH} characters`,
      })
      .nullish()
      .transform((v) => v || null),
  })
  .refine((body) => (body.swapRequestId === undefined) !== (body.circleId === undefined), {
    error: 'Name either the swap (swapRequestId) or the circle (circleId) you are rating',
  });

/** An item as an offer shows it: enough for a card, whatever became of the listing since. */
export const swapItemSummarySchema = itemSchema
  .pick({
    id: true,
    title: true,
    images: true,
    condition: true,
    isActive: true,
    userId: true,
    mode: true,
    requestsOpenUntil: true,
  })
  .extend({
    /** Its owner deleted the listing: the offer keeps its title and first photo, with no link. */
    isRemoved: z.boolean(),
  })
  .meta({ id: 'ItemSummary' });
export type SwapItemSummary = z.infer<typeof swapItemSummarySchema>;

/** What one side of an offer gained and lost against the version it counters (listing ids). */
const sideChangesSchema = z.object({ added: z.array(z.number()), removed: z.array(z.number()) });

/**
 * A counter-offer against the offer it counters, seen from the counter's direction. A counter
 * swaps sender and receiver, so its `items` (asked of the other member) are compared with the
 * countered offer's `offeredItems` (what that member put up), and its `offeredItems` with the
 * countered offer's `items`. Ids in the order of the side they are on.
 */
export const offerChangesSchema = z
  .object({ items: sideChangesSchema, offeredItems: sideChangesSchema })
  .meta({ id: 'OfferChanges' });
export type OfferChanges = z.infer<typeof offerChangesSchema>;

/** My Offers' tab counts: every offer, not only the loaded pages. */
export const offerCountsSchema = z
  .object({ received: z.number().int(), made: z.number().int() })
  .meta({ id: 'OfferCounts' });
export type OfferCounts = z.infer<typeof offerCountsSchema>;

export const swapRequestSchema = z
  .object({
    id: z.number(),
    fromUserId: z.string(),
    toUserId: z.string(),
    itemId: z.number(),
    offeredItemId: z.number().nullable(),
    message: z.string(),
    offerDescription: z.string().nullable(),
    offerImages: z.array(z.string()),
    status: z.enum(SWAP_STATUSES),
    /**
     * Why the offer closed without an answer (its item was swapped elsewhere or removed), or who
     * cancelled it and why (`cancelled`); null otherwise.
     */
    closedReason: z.string().nullable(),
    /** The offer this one counters (it is 'countered'), or null for an opening offer. */
    counterOfId: z.number().nullable(),
    /** The counter-offer that answered this one, or null. */
    counteredById: z.number().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The first of `items`. */
    item: swapItemSummarySchema.nullable(),
    /** The first of `offeredItems`, or null when nothing is offered. */
    offeredItem: swapItemSummarySchema.nullable(),
    /** Issue 38: every listing asked for (1–5, the receiver's), in order. */
    items: z.array(swapItemSummarySchema),
    /** Every listing offered (0–5, the sender's), in order. */
    offeredItems: z.array(swapItemSummarySchema),
    /** What changed against the offer this one counters; null for an opening offer. */
    changes: offerChangesSchema.nullable(),
    fromUser: publicUserSchema,
    toUser: publicUserSchema,
    /** Messages from the other party this member has not read yet. */
    unreadCount: z.number(),
    /** Whether this member has rated the other party for this swap. */
    ratedByMe: z.boolean(),
  })
  .meta({ id: 'SwapRequest' });
export type SwapRequest = z.infer<typeof swapRequestSchema>;

export const swapMessageSchema = z
  .object({
    id: z.number(),
    swapRequestId: z.number(),
    fromUserId: z.string(),
    content: z.string(),
    isRead: z.boolean(),
    createdAt: z.string(),
    fromUser: publicUserSchema,
  })
  .meta({ id: 'SwapMessage' });
export type SwapMessage = z.infer<typeof swapMessageSchema>;

/** Averages to one decimal (SPEC §3); 0 with no ratings. */
export const ratingStatsSchema = z
  .object({ averageRating: z.number(), totalRatings: z.number() })
  .meta({ id: 'RatingStats' });
export type RatingStats = z.infer<typeof ratingStatsSchema>;

export const swapStatsSchema = z.object({ totalSwaps: z.number() });

export const feedbackEntrySchema = z
  .object({
    id: z.number(),
    fromUserId: z.string(),
    toUserId: z.string(),
    swapRequestId: z.number().nullable(),
    circleId: z.number().nullable(),
    rating: z.number(),
    comment: z.string().nullable(),
    createdAt: z.string(),
    fromUser: publicUserSchema,
    toUser: publicUserSchema,
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.infer<typeof feedbackEntrySchema>;
