import { z } from 'zod';
import { adminUserSchema } from './admin.js';
import { PROBLEM_MESSAGE_MAX_LENGTH, PROBLEM_NOTE_MAX_LENGTH } from './limits.js';
import { PROBLEM_REASONS } from './problem-reasons.js';
import { reliabilitySchema } from './users.js';

export * from './problem-reasons.js';

const REASON_ERROR = 'Choose a reason: not-received, not-as-described, no-show or other';

/** POST /api/swap-requests/:id/problem and POST /api/circles/:id/problem */
export const reportProblemSchema = z.object({
  reason: z.enum(PROBLEM_REASONS, { error: REASON_ERROR }),
  message: z
    .string({ error: 'Please say what happened' })
    .trim()
    .min(1, { error: 'Please say what happened' })
    .max(PROBLEM_MESSAGE_MAX_LENGTH, {
      error: `The message must be at most ${PROBLEM_MESSAGE_MAX_LENGTH} characters`,
    }),
});
export type ReportProblem = z.output<typeof reportProblemSchema>;

export const problemCreatedSchema = z.object({ id: z.number(), status: z.string() });

export const PROBLEM_RESOLUTIONS = ['upheld', 'dismissed'] as const;
export type ProblemResolution = (typeof PROBLEM_RESOLUTIONS)[number];
export const PROBLEM_ACTIONS = ['warn', 'suspend'] as const;
export type ProblemAction = (typeof PROBLEM_ACTIONS)[number];

/** PATCH /api/admin/problems/:id: the admin's resolution, and optionally a warning or suspension. */
export const resolveProblemSchema = z
  .object({
    resolution: z.enum(PROBLEM_RESOLUTIONS, { error: 'resolution must be upheld or dismissed' }),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(PROBLEM_NOTE_MAX_LENGTH, {
        error: `The note must be at most ${PROBLEM_NOTE_MAX_LENGTH} characters`,
      })
      .nullish()
      .transform((v) => v || null),
    action: z
      .enum(PROBLEM_ACTIONS, { error: 'action must be warn or suspend' })
      .nullish()
      .transform((v) => v ?? null),
  })
  // Warning or suspending a member over a problem the admin found groundless would punish them
  // for nothing: an action comes only with an upheld problem.
  .refine((body) => body.resolution === 'upheld' || body.action === null, {
    error: 'Only an upheld problem can come with a warning or a suspension',
    path: ['action'],
  });
export type ResolveProblem = z.output<typeof resolveProblemSchema>;

export const resolvedProblemSchema = z.object({ id: z.number(), status: z.string() });

/** One side of a problem as the admin sees it: who, how they trade, their earlier problems. */
export const problemSideSchema = z.object({
  user: adminUserSchema.extend({ suspended: z.boolean() }),
  reliability: reliabilitySchema,
  /** Problems about this member before this one, and how many of those were upheld. */
  earlierProblemsAgainst: z.number(),
  earlierUpheldAgainst: z.number(),
  /** Problems this member raised before this one. */
  earlierProblemsRaised: z.number(),
});
export type ProblemSide = z.infer<typeof problemSideSchema>;

/** GET /api/admin/problems: open first, then the newest, with both sides' history. */
export const problemEntrySchema = z.object({
  id: z.number(),
  swapRequestId: z.number().nullable(),
  circleId: z.number().nullable(),
  reason: z.enum(PROBLEM_REASONS),
  message: z.string(),
  status: z.enum(['open', ...PROBLEM_RESOLUTIONS]),
  resolutionNote: z.string().nullable(),
  action: z.enum(PROBLEM_ACTIONS).nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  reporter: problemSideSchema,
  member: problemSideSchema,
});
export type ProblemEntry = z.infer<typeof problemEntrySchema>;
