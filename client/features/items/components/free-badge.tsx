import { Gift } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/** A give-away: "Free", the same on every card and on the listing's page. */
export function FreeBadge({ className }: { className?: string }) {
  return (
    <Badge tone="accent" className={className}>
      <Gift className="mr-1 size-3.5" aria-hidden />
      Free
    </Badge>
  );
}

/** A give-away's fair chance, as its page says it. */
export function fairChanceText(hours: number | null): string {
  if (!hours) return 'Its owner may answer requests at once.';
  return `Requests stay open ${hours === 1 ? '1 hour' : `${hours} hours`} so everyone has a fair chance.`;
}
