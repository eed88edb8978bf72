import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Round } from '../../../../shared/rounds';
import { Card } from '../../../components/ui/card';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { RoundDates } from './round-parts';

addMessages('rounds', englishMessages);

/** The round at a glance: its description, organiser, how many take part, and its dates. */
export function RoundSummary({ round }: { round: Round }) {
  const { _ } = useI18n();
  return (
    <Card className="flex flex-col gap-3 p-4">
      {round.description && <p className="whitespace-pre-line">{round.description}</p>}
      <p className="text-sm text-muted">
        {_('rounds.organisedBy', {
          name: displayName(round.organiser),
          entries: round.entryCount,
          members: round.memberCount,
        })}
        {round.closedReason ? ` · ${round.closedReason}` : ''}
      </p>
      <RoundDates round={round} />
    </Card>
  );
}
