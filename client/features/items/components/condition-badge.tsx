import { Badge } from '../../../components/ui/badge';
import { useI18n } from '../../../lib/use-i18n';
import { conditionName } from '../display-names';

const TONE = { new: 'green', 'like-new': 'brand', good: 'blue', fair: 'amber' } as const;

export function ConditionBadge({
  condition,
  className,
}: {
  condition: string;
  className?: string;
}) {
  const i18n = useI18n();
  const tone = TONE[condition as keyof typeof TONE] ?? 'neutral';
  return (
    <Badge tone={tone} className={className}>
      {conditionName(i18n, condition)}
    </Badge>
  );
}
