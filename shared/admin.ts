import { z } from 'zod';
import { ITEM_LIMITS } from './items.js';
import { NICKNAME_MAX_LENGTH } from './limits.js';
import { BIO_MAX_LENGTH, LOCATION_MAX_LENGTH } from './users.js';

/** SPEC §9: visitors with more than 1000 visits are labelled 'Likely Bot', others 'Heavy User'. */
export const LIKELY_BOT_THRESHOLD = 1000;
export const visitorLabel = (visits: number) =>
  visits > LIKELY_BOT_THRESHOLD ? 'Likely Bot' : 'Heavy User';
export const VERIFICATION_FEE_POUNDS = 0.99;
export const ADMIN_MESSAGES_PAGE = 50;

export const pageViewSchema = z.object({
  path: z.string().trim().min(1).max(500).startsWith('/', { error: 'path must start with /' }),
});

export const REPORT_REASONS = [
  'Prohibited item',
  'Counterfeit or stolen',
  'Misleading description',
  'Spam or scam',
  'Offensive content',
  'Other',
] as const;

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason' }),
  description: z
    .string()
    .trim()
    .max(1000, { error: 'The description must be at most 1000 characters' })
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
    wantedItems: editableText('Wanted items', ITEM_LIMITS.wantedItems).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Nothing to update',
  });

export const adminProfileSchema = z
  .object({
    nickname: editableText('Nickname', NICKNAME_MAX_LENGTH)
      .min(1, { error: 'Nickname is required' })
      .optional(),
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

export type AdminStats = {
  totalUsers: number;
  totalMembers: number;
  totalItems: number;
  totalSwaps: number;
  recentVisits: number;
  dailyVisits: Array<{ date: string; count: number }>;
};

export type VisitorAnalytics = {
  uniqueIPAddresses: number;
  totalPageViews: number;
  uniqueRegisteredUsers: number;
  anonymousVisits: number;
  topVisitorIPs: Array<{ ipAddress: string; visitCount: number; uniquePagesVisited: number }>;
};

export const EXPORT_KINDS = ['users', 'items', 'swaps', 'visits'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
