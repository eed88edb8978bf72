/**
 * The reasons a listing or a member can be reported for, apart from the zod schemas of admin.ts
 * and member-reports.ts (which re-export them), for the item and profile pages.
 */
export const REPORT_REASONS = [
  'Prohibited item',
  'Counterfeit or stolen',
  'Misleading description',
  'Spam or scam',
  'Offensive content',
  'Other',
] as const;

/** Why a member is reported (issue 18 §4). */
export const MEMBER_REPORT_REASONS = [
  'spam',
  'scam',
  'harassment',
  'inappropriate',
  'other',
] as const;
export type MemberReportReason = (typeof MEMBER_REPORT_REASONS)[number];
export const MEMBER_REPORT_REASON_LABELS: Record<MemberReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate behaviour',
  other: 'Something else',
};

export const MEMBER_REPORT_DESCRIPTION_MAX = 1000;
