import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offers';
import type { SwapStatus } from '../../../../shared/swaps';
import { Badge } from '../../../components/ui/badge';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('offers', englishMessages);

type Tone = 'yellow' | 'green' | 'red' | 'blue' | 'amber' | 'neutral';

/**
 * SPEC §4 colours: pending yellow, accepted green, rejected red, completed blue; issue 18's
 * countered (answered by a counter-offer) amber, withdrawn and issue 38's cancelled grey.
 */
const TONE: Record<SwapStatus, Tone> = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  completed: 'blue',
  countered: 'amber',
  withdrawn: 'neutral',
  cancelled: 'neutral',
};

export function StatusBadge({ status }: { status: SwapStatus }) {
  const { _ } = useI18n();
  return <Badge tone={TONE[status]}>{_('offers.status', { status })}</Badge>;
}
