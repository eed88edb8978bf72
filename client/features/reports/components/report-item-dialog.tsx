import { LISTING_REPORT_DESCRIPTION_MAX_LENGTH } from '../../../../shared/limits';
import { REPORT_REASONS } from '../../../../shared/report-reasons';
import { ReportButton } from './report-button';

const REASONS = REPORT_REASONS.map((reason) => ({ value: reason, label: reason }));

/** "Report this listing" on someone else's listing. */
export function ReportItemButton({ itemId }: { itemId: number }) {
  return (
    <ReportButton
      label="Report this listing"
      size="sm"
      title="Report this listing"
      lead="Tell the moderators what is wrong."
      reasons={REASONS}
      detailsMaxLength={LISTING_REPORT_DESCRIPTION_MAX_LENGTH}
      url={`/api/items/${itemId}/report`}
      thanks="Thank you. A moderator will look at this listing."
      failedTitle="Error"
    />
  );
}
