import { Eye } from 'lucide-react';
import { useVisitCount } from '../api/page-views';

const numberFormat = new Intl.NumberFormat();

/** '{n} visits' with the visitor's own thousands separators (SPEC §2). */
export function VisitCounter() {
  const { data } = useVisitCount();
  if (!data) return null;
  return (
    <span
      className="hidden items-center gap-1 whitespace-nowrap text-xs text-muted lg:inline-flex"
      title="Page views"
    >
      <Eye className="size-3.5" aria-hidden />
      {numberFormat.format(data.totalPageViews)} visits
    </span>
  );
}
