import type { Round } from '../../../../shared/rounds';
import { PageTitle } from '../../../components/ui/page';
import { RoundPhaseBadge } from './round-parts';

/** What a member does next, in each phase: the lead under the round's title. */
const NEXT_STEP: Record<Round['phase'], string> = {
  entries: 'Enter the listings you would trade. They are held for this round until it is solved.',
  wants:
    'Entries are in. For each of your entries, rank the entries you would accept in exchange, best first.',
  solving: 'Want lists are closed: the solver is finding the trade loops.',
  results: 'The loops are found. Send what you give, and mark what you receive.',
  closed: 'This round is over.',
};

/** The round page's heading: the round's title, its phase, and what to do now. */
export function RoundTitle({ round }: { round: Round }) {
  return (
    <PageTitle lead={NEXT_STEP[round.phase]}>
      <span className="flex flex-wrap items-center gap-3">
        {round.title} <RoundPhaseBadge phase={round.phase} />
      </span>
    </PageTitle>
  );
}
