import { Gift } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.featured';
import type { Translate } from '../../../../shared/i18n/translator';
import { Badge } from '../../../components/ui/badge';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

// "Free" is in the header's area: the featured strip marks give-aways too.
addMessages('featured', englishMessages);

/** A give-away: "Free", the same on every card and on the listing's page. */
export function FreeBadge({ className }: { className?: string }) {
  const { _ } = useI18n();
  return (
    <Badge tone="accent" className={className}>
      <Gift className="me-1 size-3.5" aria-hidden />
      {_('listing.free')}
    </Badge>
  );
}

/** A give-away's fair chance, as its page says it (the listing area's messages). */
export function fairChanceText(_: Translate, hours: number | null): string {
  if (!hours) return _('listing.fairChanceNone');
  return _('listing.fairChance', { hours });
}
