import { conditionLabel } from '../../../../shared/item-display';
import { Badge } from '../../../components/ui/badge';

const TONE = { new: 'green', 'like-new': 'brand', good: 'blue', fair: 'amber' } as const;

export function ConditionBadge({
  condition,
  className,
}: {
  condition: string;
  className?: string;
}) {
  const tone = TONE[condition as keyof typeof TONE] ?? 'neutral';
  return (
    <Badge tone={tone} className={className}>
      {conditionLabel(condition)}
    </Badge>
  );
}
