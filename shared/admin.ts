import { z } from 'zod';
import { clientUserSchema } from './auth.schemas.js';
import { ITEM_LIMITS, itemSchema } from './items.js';
import { LISTING_REPORT_DESCRIPTION_MAX_LENGTH } from './limits.js';
import { nicknameField } from './nicknames.js';
import { REPORT_REASONS } from './report-reasons.js';
import { BIO_MAX_LENGTH, LOCATION_MAX_LENGTH, publicUserSchema } from './users.js';

/** The constants the admin screens show live in admin-display.ts (no zod); re-exported here. */
export {
  ADMIN_MESSAGES_PAGE,
  EXPORT_KINDS,
  type ExportKind,
  LIKELY_BOT_THRESHOLD,
  VERIFICATION_FEE_POUNDS,
  visitorLabel,
} from './admin-display.js';
export { REPORT_REASONS };

export const pageViewSchema = z.object({
  path: z.string().trim().min(1).max(500).startsWith('/', { error: 'path must start with /' }),
});

/** SPEC §3: the header's visit counter. */
export const visitCountSchema = z.object({ totalPageViews: z.number() });

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason' }),
  description: z
    .string()
    .trim()
    .max(LISTING_REPORT_DESCRIPTION_MAX_LENGTH, {
      error: `The description must be at most ${LISTING_REPORT_DESCRIPTION_MAX_LENGTH} characters`,
    })
    .nullish()
    .transform((v) => v || null),
});

export const resolveReportSchema = z.object({
  status: z.enum(['resolved', 'dismissed'], { error: 'status must be resolved or dismissed' }),
  removeItem: z.boolean().default(false),
});

const editableText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` });

export const adminItemSchema = z
  .object({
    title: editableText('Title', ITEM_LIMITS.title)
      .min(1, { error: 'Title is required' })
      .optional(),
    description: editableText('Description', ITEM_LIMITS.description)
      .min(1, { error: 'Description is required' })
      .optional(),
    wantedItems: editableText('Wanted items', ITEM_LIMITS.wantedItems)
      .nullable()
      .optional()
      // An emptied field clears the wants.
      .transform((v) => (v === '' ? null : v)),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Nothing to update',
  });

export const adminProfileSchema = z
  .object({
    nickname: nicknameField().optional(),
    bio: editableText('Bio', BIO_MAX_LENGTH).nullable().optional(),
    location: editableText('Location', LOCATION_MAX_LENGTH).nullable().optional(),
    profileImageUrl: z
      .string()
      .max(500, { error: 'profileImageUrl must be an emoji or an image link' })
      .nullable()
      .optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Nothing to update',
  });

export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  totalMembers: z.number(),
  totalItems: z.number(),
  totalSwaps: z.number(),
  recentVisits: z.number(),
  dailyVisits: z.array(z.object({ date: z.string(), count: z.number() })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const visitorAnalyticsSchema = z.object({
  uniqueIPAddresses: z.number(),
  totalPageViews: z.number(),
  uniqueRegisteredUsers: z.number(),
  anonymousVisits: z.number(),
  topVisitorIPs: z.array(
    z.object({ ipAddress: z.string(), visitCount: z.number(), uniquePagesVisited: z.number() }),
  ),
});
export type VisitorAnalytics = z.infer<typeof visitorAnalyticsSchema>;

/** GET /api/admin/users: every account as its owner sees it, email included (SPEC §6). */
export const adminUserSchema = clientUserSchema
  .omit({ updatedAt: true, locale: true })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * GET /api/flagged-items: the reports queue, pending first. The site's own flags (a photo also
 * used by another member's listing, issue 40 §3) have no reporter: `userId` and `reporter` null.
 */
export const reportEntrySchema = z
  .object({
    id: z.number(),
    itemId: z.number(),
    userId: z.string().nullable(),
    reason: z.string(),
    description: z.string().nullable(),
    status: z.string(),
    createdAt: z.string(),
    item: itemSchema.pick({ id: true, title: true, isActive: true, images: true }),
    reporter: publicUserSchema.nullable(),
  })
  .meta({ id: 'Report' });
export type ReportEntry = z.infer<typeof reportEntrySchema>;

export const resolvedReportSchema = z.object({
  id: z.number(),
  status: z.string(),
  itemRemoved: z.boolean(),
});
