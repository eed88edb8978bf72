/**
 * What the admin screens need apart from the zod schemas of admin.ts (which re-exports these), so
 * that the admin page does not download the validation library.
 */

/** SPEC §9: visitors with more than 1000 visits are labelled 'Likely Bot', others 'Heavy User'. */
export const LIKELY_BOT_THRESHOLD = 1000;
export const visitorLabel = (visits: number) =>
  visits > LIKELY_BOT_THRESHOLD ? 'Likely Bot' : 'Heavy User';
export const VERIFICATION_FEE_POUNDS = 0.99;
export const ADMIN_MESSAGES_PAGE = 50;

export const EXPORT_KINDS = ['users', 'items', 'swaps', 'visits'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
