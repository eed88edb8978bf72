import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Round, RoundEntry } from '../../../../shared/rounds';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { useItemList } from '../../items/api/items';
import { useAddEntry, useRemoveEntry } from '../api/rounds';
import { MutationError } from './mutation-error';

addMessages('rounds', englishMessages);

/** The member's own listings while a round takes entries: enter one, or withdraw it. */
export function MyRoundEntries({
  round,
  entries,
  me,
}: {
  round: Round;
  entries: RoundEntry[];
  me: string;
}) {
  const listings = useItemList({ userId: me }, 100);
  const add = useAddEntry(round.id);
  const remove = useRemoveEntry(round.id);
  const entered = new Map(
    entries.filter((e) => e.item.owner.id === me).map((e) => [e.item.id, e.id]),
  );
  const canEnter = round.actions.includes('enter');
  const { _ } = useI18n();
  if (listings.isPending) return <p className="text-muted">{_('rounds.loadingListings')}</p>;
  const items = listings.data ?? [];
  if (items.length === 0)
    return (
      <p className="text-muted">
        {richMessage(
          _,
          'rounds.noListings',
          {},
          { link: <Link to="/create-listing">{_('rounds.listItem')}</Link> },
        )}
      </p>
    );
  return (
    <>
      <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
        {items.map((item) => {
          const entryId = entered.get(item.id);
          return (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-white p-3"
            >
              <span className="min-w-0 break-words font-medium">{item.title}</span>
              {entryId !== undefined ? (
                <span className="flex items-center gap-2">
                  <Badge tone="green">{_('rounds.entered')}</Badge>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!canEnter || remove.isPending}
                    onClick={() => remove.mutate(entryId)}
                  >
                    {_('rounds.withdraw')} <span className="sr-only">{item.title}</span>
                  </Button>
                </span>
              ) : item.isActive && !item.isReserved ? (
                <Button
                  size="sm"
                  disabled={!canEnter || add.isPending}
                  onClick={() => add.mutate(item.id)}
                >
                  {_('rounds.enter')} <span className="sr-only">{item.title}</span>
                </Button>
              ) : (
                <Badge>{item.isActive ? _('rounds.reserved') : _('rounds.unavailable')}</Badge>
              )}
            </li>
          );
        })}
      </ul>
      <MutationError error={add.error ?? remove.error} />
    </>
  );
}
