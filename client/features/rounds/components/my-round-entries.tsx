import { Link } from 'react-router';
import type { Round, RoundEntry } from '../../../../shared/rounds';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useItemList } from '../../items/api/items';
import { useAddEntry, useRemoveEntry } from '../api/rounds';
import { MutationError } from './mutation-error';

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
  if (listings.isPending) return <p className="text-muted">Loading your listings…</p>;
  const items = listings.data ?? [];
  if (items.length === 0)
    return (
      <p className="text-muted">
        You have no listings yet. <Link to="/create-listing">List an item</Link> to enter it.
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
                  <Badge tone="green">Entered</Badge>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!canEnter || remove.isPending}
                    onClick={() => remove.mutate(entryId)}
                  >
                    Withdraw <span className="sr-only">{item.title}</span>
                  </Button>
                </span>
              ) : item.isActive && !item.isReserved ? (
                <Button
                  size="sm"
                  disabled={!canEnter || add.isPending}
                  onClick={() => add.mutate(item.id)}
                >
                  Enter <span className="sr-only">{item.title}</span>
                </Button>
              ) : (
                <Badge>{item.isActive ? 'Reserved elsewhere' : 'Not available'}</Badge>
              )}
            </li>
          );
        })}
      </ul>
      <MutationError error={add.error ?? remove.error} />
    </>
  );
}
