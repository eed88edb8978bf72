import { z } from 'zod';
import { ROUND_DESCRIPTION_MAX_LENGTH, ROUND_TITLE_MAX_LENGTH } from './limits.js';
import { listingSummarySchema } from './matching.js';
import {
  ROUND_MAX_GROUP,
  ROUND_MAX_LOOP_LIMIT,
  ROUND_MAX_WANTS,
  ROUND_WANT_LIST_MAX_CHARS,
} from './round-limits.js';
import { dbId } from './text.js';
import { publicUserSchema } from './users.js';

/**
 * Swap rounds ("math trades", issue 16 §3, DESIGN §8): members enter listings, rank the entries
 * of others they would accept for each of theirs, and the solver finds the loops of trades.
 */

/** The phases a round goes through, in order; derived from its dates and stored state. */
export const ROUND_PHASES = ['entries', 'wants', 'solving', 'results', 'closed'] as const;
export type RoundPhase = (typeof ROUND_PHASES)[number];

/**
 * What the database stores: open (entries, wants, solving by date), solving (a solver has
 * claimed it: entries and want lists are frozen until its answer is stored), solved, closed.
 */
export const ROUND_STATES = ['open', 'solving', 'solved', 'closed'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

export const ROUND_JOIN_POLICIES = ['anyone', 'verified'] as const;
export type RoundJoinPolicy = (typeof ROUND_JOIN_POLICIES)[number];

export * from './round-limits.js';

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

const date = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be a date and time (ISO 8601)` })
    .transform((value) => new Date(value));

/** POST /api/rounds. Dates in order: entries close, wants close (solving), shipping deadline. */
export const createRoundSchema = z
  .strictObject({
    title: z
      .string({ error: 'Please give the round a title' })
      .trim()
      .min(3, { error: 'The title must be at least 3 characters' })
      .max(ROUND_TITLE_MAX_LENGTH, {
        error: `The title must be at most ${ROUND_TITLE_MAX_LENGTH} characters`,
      }),
    description: z
      .string({ error: 'The description must be text' })
      .trim()
      .max(ROUND_DESCRIPTION_MAX_LENGTH, {
        error: `The description must be at most ${ROUND_DESCRIPTION_MAX_LENGTH} characters`,
      })
      .default(''),
    entriesCloseAt: date('entriesCloseAt'),
    wantsCloseAt: date('wantsCloseAt'),
    shippingDeadline: date('shippingDeadline'),
    maxLoopLength: z
      .number({ error: 'maxLoopLength must be a number' })
      .int({ error: 'maxLoopLength must be a whole number' })
      .min(2, { error: 'A loop has at least 2 members' })
      .max(ROUND_MAX_LOOP_LIMIT, {
        error: `maxLoopLength must be at most ${ROUND_MAX_LOOP_LIMIT}`,
      })
      .nullable()
      .default(null),
    joinPolicy: z
      .enum(ROUND_JOIN_POLICIES, { error: 'joinPolicy is "anyone" or "verified"' })
      .default('anyone'),
  })
  .refine((r) => r.entriesCloseAt.getTime() > Date.now(), {
    error: 'Entries must close in the future',
    path: ['entriesCloseAt'],
  })
  .refine((r) => r.wantsCloseAt > r.entriesCloseAt, {
    error: 'Wants must close after entries close',
    path: ['wantsCloseAt'],
  })
  .refine((r) => r.shippingDeadline > r.wantsCloseAt, {
    error: 'The shipping deadline must come after wants close',
    path: ['shippingDeadline'],
  })
  .refine((r) => r.shippingDeadline.getTime() < Date.now() + YEAR_MS, {
    error: 'A round must end within a year',
    path: ['shippingDeadline'],
  });
export type CreateRound = z.output<typeof createRoundSchema>;

/** PATCH /api/rounds/:id: an organiser's or admin's move. */
export const updateRoundSchema = z.union(
  [
    z.strictObject({ action: z.literal('close-entries') }),
    z.strictObject({
      action: z.literal('close'),
      reason: z.string().trim().max(500, { error: 'The reason is too long' }).optional(),
    }),
    z.strictObject({ action: z.literal('hide') }),
  ],
  { error: 'Send { action: "close-entries" }, { action: "close", reason? } or { action: "hide" }' },
);
export type UpdateRound = z.output<typeof updateRoundSchema>;

export const ROUND_ACTIONS = [
  'enter',
  'close-entries',
  'solve',
  'close',
  'hide',
  'import',
  'export',
] as const;
export type RoundAction = (typeof ROUND_ACTIONS)[number];

export const roundResultSchema = z.object({
  itemsTraded: z.number(),
  items: z.number(),
  membersTrading: z.number(),
  members: z.number(),
  loops: z.number(),
  totalRank: z.number(),
  optimal: z.boolean(),
  /** The most listings any answer could trade, as proven; below `items` only when not optimal. */
  itemsBound: z.number().optional(),
  elapsedMs: z.number(),
  method: z.string(),
});
export type RoundResult = z.infer<typeof roundResultSchema>;

export const roundSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    organiser: publicUserSchema,
    phase: z.enum(ROUND_PHASES),
    entriesCloseAt: z.string(),
    wantsCloseAt: z.string(),
    shippingDeadline: z.string(),
    maxLoopLength: z.number().nullable(),
    joinPolicy: z.enum(ROUND_JOIN_POLICIES),
    hidden: z.boolean(),
    /** The solver's seed: the same entries, wants and seed give the same loops. */
    seed: z.number(),
    entryCount: z.number(),
    memberCount: z.number(),
    createdAt: z.string(),
    solvedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    closedReason: z.string().nullable(),
    result: roundResultSchema.nullable(),
    /** For the viewer: what they may do now, and how many entries they have. */
    actions: z.array(z.enum(ROUND_ACTIONS)),
    myEntryCount: z.number(),
  })
  .meta({ id: 'Round' });
export type Round = z.infer<typeof roundSchema>;

export const roundEntrySchema = z.object({
  id: z.number(),
  item: listingSummarySchema,
});
export type RoundEntry = z.infer<typeof roundEntrySchema>;

export const addEntrySchema = z.strictObject({
  itemId: dbId('itemId'),
  /**
   * Let the organiser set this entry's want list by importing a want-list file, even after you
   * set it here. Without it (the default), an import sets it only while you have not.
   */
  organiserSetsWants: z.boolean({ error: 'organiserSetsWants must be true or false' }).optional(),
});

/** One element of a want list: an entry id, or an "any of these" group of entry ids. */
const entryId = dbId('wants');
export const wantElementSchema = z.union(
  [
    entryId,
    z
      .array(entryId, { error: 'A group is a list of entry ids' })
      .min(1, { error: 'A group names at least one entry' })
      .max(ROUND_MAX_GROUP, { error: `A group has at most ${ROUND_MAX_GROUP} entries` }),
  ],
  { error: 'Each want is an entry id or a list of entry ids ("any of these")' },
);
export type WantElement = z.infer<typeof wantElementSchema>;

export const putWantsSchema = z.strictObject({
  wants: z
    .array(wantElementSchema, { error: 'wants must be a list' })
    .max(ROUND_MAX_WANTS, { error: `At most ${ROUND_MAX_WANTS} wants per entry` }),
});

export const entryWantsSchema = z.object({
  entryId: z.number(),
  wants: z.array(z.union([z.number(), z.array(z.number())])),
});
export type EntryWants = z.infer<typeof entryWantsSchema>;

export const myWantsSchema = z.object({ entries: z.array(entryWantsSchema) });
export type MyWants = z.infer<typeof myWantsSchema>;

export const roundTradeSchema = z.object({
  loop: z.number(),
  position: z.number(),
  entryId: z.number(),
  item: listingSummarySchema,
  giver: publicUserSchema,
  receiver: publicUserSchema,
  /** The receiver's entry this was traded for, and its rank in that entry's want list. */
  forEntryId: z.number(),
  rank: z.number(),
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
});
export type RoundTrade = z.infer<typeof roundTradeSchema>;

export const myTradesSchema = z.object({
  send: z.array(roundTradeSchema),
  receive: z.array(roundTradeSchema),
});
export type MyTrades = z.infer<typeof myTradesSchema>;

export const roundLoopsSchema = z.object({
  loops: z.array(z.object({ id: z.number(), legs: z.array(roundTradeSchema) })),
});
export type RoundLoops = z.infer<typeof roundLoopsSchema>;

export const updateTradeSchema = z.union(
  [z.strictObject({ sent: z.literal(true) }), z.strictObject({ received: z.literal(true) })],
  { error: 'Send { sent: true } or { received: true }' },
);

export const importWantListSchema = z.strictObject({
  text: z
    .string({ error: 'text must be the want-list file' })
    .min(1, { error: 'The want-list file is empty' })
    .max(ROUND_WANT_LIST_MAX_CHARS, { error: 'The want-list file is too large' }),
});

export const importResultSchema = z.object({
  /** Entries whose want list the file set (their owners are told when it changed). */
  updated: z.number(),
  /** Entries the file named but left as they were: their owner set them and did not let it. */
  keptByOwner: z.number(),
  warnings: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const roundListQuerySchema = z.object({
  phase: z.enum(ROUND_PHASES, { error: 'Unknown phase' }).optional(),
});
