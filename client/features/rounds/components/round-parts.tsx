import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Round, RoundPhase } from '../../../../shared/rounds';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('rounds', englishMessages);

const PHASE_TONES = {
  entries: 'brand',
  wants: 'blue',
  solving: 'amber',
  results: 'green',
  closed: 'neutral',
} as const;

export function RoundPhaseBadge({ phase }: { phase: RoundPhase }) {
  const { _ } = useI18n();
  return <Badge tone={PHASE_TONES[phase]}>{_('rounds.phase', { phase })}</Badge>;
}

/** The round's dates, as a definition list. */
export function RoundDates({ round }: { round: Round }) {
  const { _, locale } = useI18n();
  const rows: Array<[string, string]> = [
    [_('rounds.dates.entries'), formatDate(round.entriesCloseAt, locale)],
    [_('rounds.dates.wants'), formatDate(round.wantsCloseAt, locale)],
    [_('rounds.dates.shipping'), formatDate(round.shippingDeadline, locale)],
    [
      _('rounds.dates.maxLoop'),
      round.maxLoopLength
        ? _('rounds.dates.members', { count: round.maxLoopLength })
        : _('rounds.dates.noLimit'),
    ],
    [
      _('rounds.dates.join'),
      round.joinPolicy === 'verified' ? _('rounds.dates.verified') : _('rounds.dates.anyone'),
    ],
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
  const { _ } = useI18n();
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label={_('rounds.phases')}>
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
          {_('rounds.step', { number: k + 1, phase: _('rounds.phase', { phase: step }) })}
        </li>
      ))}
    </ol>
  );
}
