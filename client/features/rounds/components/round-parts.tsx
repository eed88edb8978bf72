import type { Round, RoundPhase } from '../../../../shared/rounds';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';

export const PHASE_LABELS: Record<RoundPhase, string> = {
  entries: 'Taking entries',
  wants: 'Ranking wants',
  solving: 'Solving',
  results: 'Results and shipping',
  closed: 'Closed',
};

const PHASE_TONES = {
  entries: 'brand',
  wants: 'blue',
  solving: 'amber',
  results: 'green',
  closed: 'neutral',
} as const;

export function RoundPhaseBadge({ phase }: { phase: RoundPhase }) {
  return <Badge tone={PHASE_TONES[phase]}>{PHASE_LABELS[phase]}</Badge>;
}

/** The round's dates, as a definition list. */
export function RoundDates({ round }: { round: Round }) {
  const rows: Array<[string, string]> = [
    ['Entries close', formatDate(round.entriesCloseAt)],
    ['Want lists close (solving)', formatDate(round.wantsCloseAt)],
    ['Shipping deadline', formatDate(round.shippingDeadline)],
    ['Longest loop', round.maxLoopLength ? `${round.maxLoopLength} members` : 'No limit'],
    ['Who may join', round.joinPolicy === 'verified' ? 'Verified members' : 'Any member'],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-wrap justify-between gap-2 border-b border-line py-1">
          <dt className="text-muted">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The phases in order, the current one marked. */
export function PhaseSteps({ phase }: { phase: RoundPhase }) {
  const order: RoundPhase[] = ['entries', 'wants', 'solving', 'results', 'closed'];
  const current = order.indexOf(phase);
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label="Round phases">
      {order.map((step, k) => (
        <li
          key={step}
          aria-current={step === phase ? 'step' : undefined}
          className={
            step === phase
              ? 'rounded-full bg-brand-700 px-3 py-1 font-semibold text-white'
              : k < current
                ? 'rounded-full bg-brand-50 px-3 py-1 text-brand-800'
                : 'rounded-full bg-stone-100 px-3 py-1 text-stone-700'
          }
        >
          {k + 1}. {PHASE_LABELS[step]}
        </li>
      ))}
    </ol>
  );
}
