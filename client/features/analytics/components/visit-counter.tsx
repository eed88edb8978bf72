import { Eye } from 'lucide-react';
import { useI18n } from '../../../lib/use-i18n';
import { useVisitCount } from '../api/page-views';

/** '{n} visits', the number written the way the language in use writes it (SPEC §2). */
export function VisitCounter() {
  const { _ } = useI18n();
  const { data } = useVisitCount();
  if (!data) return null;
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap text-xs text-muted"
      title={_('footer.pageViews')}
    >
      <Eye className="size-3.5" aria-hidden />
      {_('footer.visits', { count: data.totalPageViews })}
    </span>
  );
}
