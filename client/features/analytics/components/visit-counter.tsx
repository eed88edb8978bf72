import { Eye } from 'lucide-react';
import { formatCount } from '../../../lib/format';
import { useI18n } from '../../../lib/use-i18n';
import { useVisitCount } from '../api/page-views';

/**
 * '{n} visits' with the thousands separators of the page's language (SPEC §2): English's without
 * a number formatter, which loads locale data as the page starts (formatCount).
 */
export function VisitCounter() {
  const { _, locale } = useI18n();
  const { data } = useVisitCount();
  if (!data) return null;
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap text-xs text-muted"
      title={_('common.pageViews')}
    >
      <Eye className="size-3.5" aria-hidden />
      {_('common.visits', { count: formatCount(data.totalPageViews, locale) })}
    </span>
  );
}
