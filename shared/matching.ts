import { z } from 'zod';
import { LISTING_MODES } from './item-display.js';
import { MAX_WANTS } from './limits.js';
import { publicUserSchema } from './users.js';

export { MAX_WANTS };

/** A listing's wanted-items text makes at most this many phrases; the rest is ignored. */
export const MAX_WANT_PHRASES = 20;
/** Matches kept per phrase of wanted-items text. */
export const MATCHES_PER_PHRASE = 20;

const MAX_ID = 2_147_483_647;

const listingId = z
  .number({ error: 'itemIds must be listing ids' })
  .int({ error: 'itemIds must be listing ids' })
  .positive({ error: 'itemIds must be listing ids' })
  .max(MAX_ID, { error: 'itemIds must be listing ids' });

/** A list of listing ids, each named once. */
const distinctIds = (max: number, tooMany: string) =>
  z
    .array(listingId, { error: 'itemIds must be a list of listing ids' })
    .max(max, { error: tooMany })
    .superRefine((ids, context) => {
      const seen = new Set<number>();
      for (const id of ids) {
        if (seen.has(id)) {
          context.addIssue({ code: 'custom', message: `Listing ${id} is named twice` });
          return;
        }
        seen.add(id);
      }
    });

/** PUT /api/items/:id/wants: the ordered listings the owner would take for this one. */
export const wantsBodySchema = z.object({
  itemIds: distinctIds(MAX_WANTS, `You can name at most ${MAX_WANTS} listings`),
});
export type WantsBody = z.output<typeof wantsBodySchema>;

/** PUT /api/items/:id/wanted-by: which of my listings would I give for this one. */
export const wantedByBodySchema = z.object({
  itemIds: distinctIds(100, 'Choose at most 100 of your listings'),
});

/**
 * A listing as matches and circles show it: never more than a card needs, never an email.
 * `thumbnail` is the first picture's small version.
 */
export const listingSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  /** `giveaway`: free (cards say so); `swap` otherwise. */
  mode: z.enum(LISTING_MODES),
  owner: publicUserSchema,
});
export type ListingSummary = z.infer<typeof listingSummarySchema>;

/**
 * GET and PUT /api/items/:id/wants (and /wanted-by): the ids in order, and each listing as a
 * card shows it.
 */
export const wantsSchema = z.object({
  itemIds: z.array(z.number()),
  items: z.array(listingSummarySchema),
});
export type Wants = z.infer<typeof wantsSchema>;

export const WANT_SOURCES = ['listed', 'text'] as const;
export type WantSource = (typeof WANT_SOURCES)[number];

/** One listing a member's listing wants; `mine` is the member's listing that wants it. */
export const wantedMatchSchema = listingSummarySchema.extend({
  source: z.enum(WANT_SOURCES),
  mine: listingSummarySchema,
});
export type WantedMatch = z.infer<typeof wantedMatchSchema>;

/** My listing wants theirs and theirs wants mine. */
export const mutualMatchSchema = z.object({
  mine: listingSummarySchema,
  theirs: listingSummarySchema,
});
export type MutualMatch = z.infer<typeof mutualMatchSchema>;

/**
 * The open proposal of a circle found in the matches: waiting for answers (`proposed`, before
 * its deadline) or `accepted` (under way). `accepted` (the field) says whether the member has
 * accepted it themselves. A declined, expired, cancelled or completed proposal is not open: the
 * circle can be proposed again.
 */
export const circleProposalSchema = z.object({
  id: z.number(),
  status: z.enum(['proposed', 'accepted']),
  accepted: z.boolean(),
});
export type CircleProposal = z.infer<typeof circleProposalSchema>;

/**
 * A loop of listings with distinct owners: the owner of itemIds[k] would give it for
 * itemIds[k + 1] (and the last for the first). itemIds[0] is the member's own listing; items
 * and members follow the same order. `proposal`: the open proposal of exactly these listings,
 * or null when nobody has proposed it (or the last proposal closed).
 */
export const circleMatchSchema = z.object({
  itemIds: z.array(z.number()),
  items: z.array(listingSummarySchema),
  members: z.array(publicUserSchema),
  proposal: circleProposalSchema.nullable(),
});
export type CircleMatch = z.infer<typeof circleMatchSchema>;

/** GET /api/matches. */
export const matchesSchema = z.object({
  wanted: z.array(wantedMatchSchema),
  mutual: z.array(mutualMatchSchema),
  circles: z.array(circleMatchSchema),
});
export type Matches = z.infer<typeof matchesSchema>;

/** GET /api/matches/new: mutual matches and circles that appeared since /matches was opened. */
export const newMatchesSchema = z.object({ count: z.number() });

/**
 * The phrases of a wanted-items text: split on commas, semicolons, line breaks and the word
 * "or", trimmed, empty ones dropped, the first MAX_WANT_PHRASES kept.
 */
export function wantPhrases(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[,;\n\r]+|\s+or\s+/i)
    .map((phrase) => phrase.trim().replace(/\s+/g, ' '))
    .filter((phrase) => phrase.length > 0)
    .slice(0, MAX_WANT_PHRASES);
}
