import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.reports';
import {
  MEMBER_REPORT_DESCRIPTION_MAX,
  MEMBER_REPORT_REASONS,
} from '../../../../shared/report-reasons';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { ReportButton } from './report-button';

addMessages('reports', englishMessages);

/** "Report this member" on someone else's profile: a reason, optional details, to the moderators. */
export function ReportMemberButton({ userId, name }: { userId: string; name: string }) {
  const { _ } = useI18n();
  const reasons = MEMBER_REPORT_REASONS.map((value) => ({
    value,
    label: _(`report.member.${value}`),
  }));
  return (
    <ReportButton
      label={_('report.member')}
      title={_('report.memberTitle', { name })}
      lead={_('report.memberLead')}
      reasons={reasons}
      detailsMaxLength={MEMBER_REPORT_DESCRIPTION_MAX}
      url={`/api/users/${encodeURIComponent(userId)}/report`}
      thanks={_('report.memberThanks', { name })}
      failedTitle={_('report.notSent')}
      clearAfterSending
    />
  );
}
