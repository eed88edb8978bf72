import type { SwapStatus } from '../../../../shared/swaps';
import { Badge } from '../../../components/ui/badge';

type Tone = 'yellow' | 'green' | 'red' | 'blue' | 'amber' | 'neutral';

/**
 * SPEC §4 colours: pending yellow, accepted green, rejected red, completed blue; issue 18's
 * countered (answered by a counter-offer) amber, withdrawn and issue 38's cancelled grey.
 */
const STYLE: Record<SwapStatus, { tone: Tone; label: string }> = {
  pending: { tone: 'yellow', label: 'Pending' },
  accepted: { tone: 'green', label: 'Accepted' },
  rejected: { tone: 'red', label: 'Rejected' },
  completed: { tone: 'blue', label: 'Completed' },
  countered: { tone: 'amber', label: 'Countered' },
  withdrawn: { tone: 'neutral', label: 'Withdrawn' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
};

export function StatusBadge({ status }: { status: SwapStatus }) {
  const { tone, label } = STYLE[status];
  return <Badge tone={tone}>{label}</Badge>;
}
