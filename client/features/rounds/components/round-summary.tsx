import type { Round } from '../../../../shared/rounds';
import { Card } from '../../../components/ui/card';
import { displayName } from '../../../lib/format';
import { RoundDates } from './round-parts';

/** The round at a glance: its description, organiser, how many take part, and its dates. */
export function RoundSummary({ round }: { round: Round }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      {round.description && <p className="whitespace-pre-line">{round.description}</p>}
      <p className="text-sm text-muted">
        Organised by {displayName(round.organiser)} · {round.entryCount}{' '}
        {round.entryCount === 1 ? 'entry' : 'entries'} from {round.memberCount}{' '}
        {round.memberCount === 1 ? 'member' : 'members'}
        {round.closedReason ? ` · ${round.closedReason}` : ''}
      </p>
      <RoundDates round={round} />
    </Card>
  );
}
