import {
  MEMBER_REPORT_DESCRIPTION_MAX,
  MEMBER_REPORT_REASON_LABELS,
  MEMBER_REPORT_REASONS,
} from '../../../../shared/report-reasons';
import { ReportButton } from './report-button';

const REASONS = MEMBER_REPORT_REASONS.map((reason) => ({
  value: reason,
  label: MEMBER_REPORT_REASON_LABELS[reason],
}));

/** "Report this member" on someone else's profile: a reason, optional details, to the moderators. */
export function ReportMemberButton({ userId, name }: { userId: string; name: string }) {
  return (
    <ReportButton
      label="Report this member"
      title={`Report ${name}`}
      lead="Tell the moderators what happened. The member is not told who reported them."
      reasons={REASONS}
      detailsMaxLength={MEMBER_REPORT_DESCRIPTION_MAX}
      url={`/api/users/${encodeURIComponent(userId)}/report`}
      thanks={`Thank you. A moderator will look into ${name}'s account.`}
      failedTitle="Report not sent"
      clearAfterSending
    />
  );
}
