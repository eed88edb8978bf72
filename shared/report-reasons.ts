/** The reasons a listing can be reported for (apart from admin.ts's schemas, for the item page). */
export const REPORT_REASONS = [
  'Prohibited item',
  'Counterfeit or stolen',
  'Misleading description',
  'Spam or scam',
  'Offensive content',
  'Other',
] as const;
