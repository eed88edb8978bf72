import { z } from 'zod';
import { adminUserSchema } from './admin.js';
import { WARNING_MESSAGE_MAX_LENGTH } from './limits.js';
import {
  MEMBER_REPORT_DESCRIPTION_MAX,
  MEMBER_REPORT_REASON_LABELS,
  MEMBER_REPORT_REASONS,
  type MemberReportReason,
} from './report-reasons.js';
import { activitySchema, publicUserSchema } from './users.js';

export {
  MEMBER_REPORT_DESCRIPTION_MAX,
  MEMBER_REPORT_REASON_LABELS,
  MEMBER_REPORT_REASONS,
  type MemberReportReason,
};

/** POST /api/users/:id/report */
export const reportMemberSchema = z.object({
  reason: z.enum(MEMBER_REPORT_REASONS, {
    error: 'Choose a reason: spam, scam, harassment, inappropriate or other',
  }),
  description: z
    .string({ error: 'The description must be text' })
    .trim()
    .max(MEMBER_REPORT_DESCRIPTION_MAX, {
      error: `The description must be at most ${MEMBER_REPORT_DESCRIPTION_MAX} characters`,
    })
    .nullish()
    .transform((v) => v || null),
});
export type ReportMember = z.output<typeof reportMemberSchema>;

export const memberReportCreatedSchema = z.object({ id: z.number(), status: z.string() });

export const MEMBER_REPORT_ACTIONS = ['warn', 'suspend', 'dismiss'] as const;
export type MemberReportAction = (typeof MEMBER_REPORT_ACTIONS)[number];

/** PATCH /api/admin/member-reports/:id: what the admin does about it. */
export const handleMemberReportSchema = z.object({
  action: z.enum(MEMBER_REPORT_ACTIONS, { error: 'action must be warn, suspend or dismiss' }),
  /** For a warning: words to the member, shown in the notification and the email. */
  message: z
    .string({ error: 'The message must be text' })
    .trim()
    .max(WARNING_MESSAGE_MAX_LENGTH, {
      error: `The message must be at most ${WARNING_MESSAGE_MAX_LENGTH} characters`,
    })
    .nullish()
    .transform((v) => v || null),
});
export type HandleMemberReport = z.output<typeof handleMemberReportSchema>;

/** GET /api/admin/member-reports: the queue, pending first, with the member's recent activity. */
export const memberReportEntrySchema = z.object({
  id: z.number(),
  reason: z.enum(MEMBER_REPORT_REASONS),
  description: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  reporter: publicUserSchema,
  member: adminUserSchema.extend({ suspended: z.boolean() }),
  /** Reports against this member, this one included. */
  reportsAgainstMember: z.number(),
  recentActivity: z.array(activitySchema),
});
export type MemberReportEntry = z.infer<typeof memberReportEntrySchema>;

export const handledMemberReportSchema = z.object({ id: z.number(), status: z.string() });

export const ACCOUNT_SUSPENDED =
  'This account has been suspended by a moderator. If you think this is a mistake, please contact us.';
