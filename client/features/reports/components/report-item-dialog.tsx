import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.reports';
import { LISTING_REPORT_DESCRIPTION_MAX_LENGTH } from '../../../../shared/limits';
import { REPORT_REASONS } from '../../../../shared/report-reasons';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { ReportButton } from './report-button';

addMessages('reports', englishMessages);

/** Each reason's label, in REPORT_REASONS' order: the value sent stays the stored English. */
const REASON_LABELS = [
  'report.item.prohibited',
  'report.item.counterfeit',
  'report.item.misleading',
  'report.item.spam',
  'report.item.offensive',
  'report.item.other',
] as const satisfies { length: (typeof REPORT_REASONS)['length'] };

/** "Report this listing" on someone else's listing. */
export function ReportItemButton({ itemId }: { itemId: number }) {
  const { _ } = useI18n();
  const reasons = REPORT_REASONS.map((value, index) => ({
    value,
    label: _(REASON_LABELS[index] ?? 'report.item.other'),
  }));
  return (
    <ReportButton
      label={_('report.listing')}
      size="sm"
      title={_('report.listing')}
      lead={_('report.listingLead')}
      reasons={reasons}
      detailsMaxLength={LISTING_REPORT_DESCRIPTION_MAX_LENGTH}
      url={`/api/items/${itemId}/report`}
      thanks={_('report.listingThanks')}
      failedTitle={_('report.error')}
    />
  );
}
