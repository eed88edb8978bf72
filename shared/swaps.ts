import { z } from 'zod';
import { itemSchema } from './items.js';
import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  OFFER_DESCRIPTION_MAX_LENGTH,
  PATCHABLE_SWAP_STATUSES,
  SWAP_STATUSES,
} from './swap-display.js';
import { dbId } from './text.js';
import { publicUserSchema } from './users.js';

// The zod-free constants and helpers, for callers that import them from here.
export * from './swap-display.js';

export const createSwapRequestSchema = z.object({
  itemId: dbId('itemId'),
  /** Ignored: the offer always goes to the item's owner. Accepted for SPEC §7 compatibility. */
  toUserId: z.string().optional(),
  offeredItemId: dbId('offeredItemId').nullish(),
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, { error: 'Please enter a message.' })
    .max(MESSAGE_MAX_LENGTH, {
      error: `Messages must be at most ${MESSAGE_MAX_LENGTH} characters`,
    }),
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
});
export type CreateSwapRequest = z.output<typeof createSwapRequestSchema>;

export const updateSwapStatusSchema = z.object({
  status: z.enum(PATCHABLE_SWAP_STATUSES, {
    error: 'status must be pending, accepted, rejected, completed or withdrawn',
  }),
});

/** POST /api/swap-requests/:id/counter: which of the sender's listings the receiver would rather have. */
export const counterOfferSchema = z.object({
  itemId: dbId('itemId'),
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, { error: 'Please enter a message.' })
    .max(MESSAGE_MAX_LENGTH, {
      error: `Messages must be at most ${MESSAGE_MAX_LENGTH} characters`,
    }),
});
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
  .pick({ id: true, title: true, images: true, condition: true, isActive: true, userId: true })
  .extend({
    /** Its owner deleted the listing: the offer keeps its title and first photo, with no link. */
    isRemoved: z.boolean(),
  })
  .meta({ id: 'ItemSummary' });
export type SwapItemSummary = z.infer<typeof swapItemSummarySchema>;

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
    /** Why the site closed the offer (its item was swapped elsewhere or removed); null otherwise. */
    closedReason: z.string().nullable(),
    /** The offer this one counters (it is 'countered'), or null for an opening offer. */
    counterOfId: z.number().nullable(),
    /** The counter-offer that answered this one, or null. */
    counteredById: z.number().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    item: swapItemSummarySchema.nullable(),
    offeredItem: swapItemSummarySchema.nullable(),
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
