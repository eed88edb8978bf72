import { z } from 'zod';
import { listingSummarySchema } from './matching.js';
import { dbId } from './text.js';
import { publicUserSchema } from './users.js';

/**
 * Swap circles (issue 15 §3, DESIGN §8): three or four members, each giving one listing to the
 * member before them in the loop and receiving one from the member after.
 */

export const CIRCLE_MIN_SIZE = 3;
export const CIRCLE_MAX_SIZE = 4;
/** A proposal nobody finished answering lapses after this long. */
export const CIRCLE_PROPOSAL_DAYS = 7;
export const CIRCLE_CANCEL_REASON_MAX_LENGTH = 500;

export const CIRCLE_STATUSES = [
  'proposed',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'completed',
] as const;
export type CircleStatus = (typeof CIRCLE_STATUSES)[number];
/** Statuses a circle never leaves. */
export const FINAL_CIRCLE_STATUSES: readonly CircleStatus[] = [
  'declined',
  'expired',
  'cancelled',
  'completed',
];

export const LEG_DECISIONS = ['pending', 'accepted', 'declined'] as const;
export type LegDecision = (typeof LEG_DECISIONS)[number];

/** POST /api/circles: the loop, in order: the owner of itemIds[k] would give it for itemIds[k + 1]. */
export const createCircleSchema = z.object({
  itemIds: z
    .array(dbId('itemIds'), { error: 'itemIds must be a list of listing ids' })
    .min(CIRCLE_MIN_SIZE, { error: 'A circle has 3 or 4 listings' })
    .max(CIRCLE_MAX_SIZE, { error: 'A circle has 3 or 4 listings' })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'A circle names each listing once',
    }),
});
export type CreateCircle = z.output<typeof createCircleSchema>;

const cancelReason = z
  .string({ error: 'Please say why you are cancelling' })
  .trim()
  .min(1, { error: 'Please say why you are cancelling' })
  .max(CIRCLE_CANCEL_REASON_MAX_LENGTH, {
    error: `The reason must be at most ${CIRCLE_CANCEL_REASON_MAX_LENGTH} characters`,
  });

/**
 * PATCH /api/circles/:id: one move per call. A participant accepts or declines a proposal,
 * confirms the listing they received, or cancels an accepted circle before any receipt.
 * `{ status: 'completed' }` is accepted as a body so that it can be refused with a reason: a
 * circle completes by its receipts.
 */
export const updateCircleSchema = z.union(
  [
    z.strictObject({ decision: z.enum(['accept', 'decline']) }),
    z.strictObject({ received: z.literal(true) }),
    z.strictObject({ status: z.literal('cancelled'), reason: cancelReason }),
    z.strictObject({ status: z.literal('completed') }),
  ],
  {
    error:
      'Send one of { decision: "accept" | "decline" }, { received: true } or { status: "cancelled", reason }',
  },
);
export type UpdateCircle = z.output<typeof updateCircleSchema>;

/** The moves the viewer may make now: the buttons the circle page shows. */
export const CIRCLE_ACTIONS = ['accept', 'decline', 'receive', 'cancel'] as const;
export type CircleAction = (typeof CIRCLE_ACTIONS)[number];

export const circleLegSchema = z.object({
  position: z.number(),
  item: listingSummarySchema,
  giver: publicUserSchema,
  receiver: publicUserSchema,
  /** The giver's answer to the proposal. */
  decision: z.enum(LEG_DECISIONS),
  decidedAt: z.string().nullable(),
  /** When the receiver confirmed they have the listing. */
  receivedAt: z.string().nullable(),
});
export type CircleLeg = z.infer<typeof circleLegSchema>;

export const circleSchema = z
  .object({
    id: z.number(),
    status: z.enum(CIRCLE_STATUSES),
    proposerId: z.string(),
    /** Legs in loop order: leg k's giver receives leg k + 1's listing. */
    legs: z.array(circleLegSchema),
    createdAt: z.string(),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    /** Why it closed without completing (who declined, the cancel reason). */
    closedReason: z.string().nullable(),
    /** For the viewer: what they may do now, whom they have rated, unread chat messages. */
    actions: z.array(z.enum(CIRCLE_ACTIONS)),
    ratedUserIds: z.array(z.string()),
    unreadCount: z.number(),
  })
  .meta({ id: 'Circle' });
export type Circle = z.infer<typeof circleSchema>;

export const circleListQuerySchema = z.object({
  status: z.enum(CIRCLE_STATUSES, { error: 'Unknown circle status' }).optional(),
});

export const circleMessageSchema = z.object({
  id: z.number(),
  circleId: z.number(),
  fromUserId: z.string(),
  fromUser: publicUserSchema,
  content: z.string(),
  createdAt: z.string(),
});
export type CircleMessage = z.infer<typeof circleMessageSchema>;

/** POST /api/circles/:id/messages: the same message rules as an offer's chat. */
export { messageSchema as circleMessageBodySchema } from './swaps.js';
