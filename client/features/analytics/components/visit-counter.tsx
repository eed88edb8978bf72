import { Eye } from 'lucide-react';
import { useVisitCount } from '../api/page-views';

/** Made on first use, not as every page starts (it loads locale data). */
let numberFormat: Intl.NumberFormat | undefined;

/** '{n} visits' with the visitor's own thousands separators (SPEC §2). */
export function VisitCounter() {
  const { data } = useVisitCount();
  if (!data) return null;
  numberFormat ??= new Intl.NumberFormat();
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap text-xs text-muted"
      title="Page views"
    >
      <Eye className="size-3.5" aria-hidden />
      {numberFormat.format(data.totalPageViews)} visits
    </span>
  );
}
