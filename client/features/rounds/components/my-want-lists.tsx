import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Round, RoundEntry } from '../../../../shared/rounds';
import { Card } from '../../../components/ui/card';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useMyWants } from '../api/rounds';
import { WantRanker } from './want-ranker';

addMessages('rounds', englishMessages);

/** While wants are open: for each of the member's entries, a ranking of the others' entries. */
export function MyWantLists({
  round,
  entries,
  me,
}: {
  round: Round;
  entries: RoundEntry[];
  me: string;
}) {
  const wants = useMyWants(round.id, true);
  const { _ } = useI18n();
  if (wants.isPending) return <p className="text-muted">{_('rounds.loadingWants')}</p>;
  const mine = entries.filter((e) => e.item.owner.id === me);
  const others = entries.filter((e) => e.item.owner.id !== me);
  if (mine.length === 0) return <p className="text-muted">{_('rounds.noOwnEntries')}</p>;
  const lists = new Map((wants.data?.entries ?? []).map((e) => [e.entryId, e.wants]));
  return (
    <div className="flex flex-col gap-6">
      {mine.map((entry) => (
        <Card key={entry.id} className="p-4">
          <h3 className="mb-3 text-lg font-bold">
            {_('rounds.forYour', { title: entry.item.title })}
          </h3>
          <WantRanker
            roundId={round.id}
            entry={entry}
            others={others}
            initial={lists.get(entry.id) ?? []}
          />
        </Card>
      ))}
    </div>
  );
}
