import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Round } from '../../../../shared/rounds';
import { PageTitle } from '../../../components/ui/page';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { RoundPhaseBadge } from './round-parts';

addMessages('rounds', englishMessages);

/** The round page's heading: the round's title, its phase, and what to do now (its lead). */
export function RoundTitle({ round }: { round: Round }) {
  const { _ } = useI18n();
  return (
    <PageTitle lead={_('rounds.next', { phase: round.phase })}>
      <span className="flex flex-wrap items-center gap-3">
        {round.title} <RoundPhaseBadge phase={round.phase} />
      </span>
    </PageTitle>
  );
}
