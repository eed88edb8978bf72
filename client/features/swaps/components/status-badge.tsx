import type { SwapStatus } from '../../../../shared/swaps';
import { Badge } from '../../../components/ui/badge';

/** SPEC §4 colours: pending yellow, accepted green, rejected red, completed blue. */
const STYLE: Record<SwapStatus, { tone: 'yellow' | 'green' | 'red' | 'blue'; label: string }> = {
  pending: { tone: 'yellow', label: 'Pending' },
  accepted: { tone: 'green', label: 'Accepted' },
  rejected: { tone: 'red', label: 'Rejected' },
  completed: { tone: 'blue', label: 'Completed' },
};

export function StatusBadge({ status }: { status: SwapStatus }) {
  const { tone, label } = STYLE[status];
  return <Badge tone={tone}>{label}</Badge>;
}
