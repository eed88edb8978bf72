import { Dices } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Item } from '../../../../shared/items';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFairChance } from '../../../lib/fair-chance';
import { displayName } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDrawGiveaway } from '../api/swap-requests';

/**
 * Issue 38 §2, the giver's side of a give-away on its page: while the fair chance runs, when it
 * ends (and the draw waits); after it, "Draw a winner at random" (asked first), which accepts one
 * pending request; the others are declined kindly by the server. Requests are answered one by one
 * in My Offers. Nothing to do once the listing is given (reserved) or off the market.
 */
export function GiveawayOwnerPanel({ item }: { item: Item }) {
  const fairChance = useFairChance(item.requestsOpenUntil);
  const draw = useDrawGiveaway(item.id);
  const [error, setError] = useState<string>();
  const [winner, setWinner] = useState<string>();
  const reasonId = useId();
  if (!item.isActive) return null;

  const onDraw = async () => {
    setError(undefined);
    try {
      const accepted = await draw.mutateAsync();
      const name = displayName(accepted.fromUser);
      setWinner(name);
      toast.success(`${name} won “${item.title}”`, {
        description: 'Their request is accepted; the others were told kindly.',
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The draw failed');
    }
  };

  return (
    <section
      aria-labelledby={`${reasonId}-h`}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={`${reasonId}-h`} className="font-bold">
        Requests for your give-away
      </h2>
      {winner ? (
        <p role="status" className="text-sm">
          <strong>{winner}</strong> won the draw. Their request is accepted in My Offers.
        </p>
      ) : item.isReserved ? (
        <p className="text-sm text-muted">It is promised to a member: see My Offers.</p>
      ) : (
        <>
          <p id={reasonId} className="text-sm text-muted">
            {fairChance
              ? `${fairChance}. Then accept one request, or draw a winner at random.`
              : 'The fair chance is over: accept one request in My Offers, or draw a winner at random.'}
          </p>
          {fairChance ? (
            <Button variant="secondary" disabled aria-describedby={reasonId}>
              <Dices className="size-4" aria-hidden /> Draw a winner at random
            </Button>
          ) : (
            <ConfirmDialog
              title="Draw a winner at random?"
              text={`One of the pending requests for “${item.title}” is picked at random and accepted; the others are declined kindly. This cannot be undone.`}
              confirmLabel="Draw"
              onConfirm={() => void onDraw()}
              trigger={
                <Button variant="secondary" disabled={draw.isPending}>
                  <Dices className="size-4" aria-hidden />
                  {draw.isPending ? 'Drawing...' : 'Draw a winner at random'}
                </Button>
              }
            />
          )}
        </>
      )}
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <Link to="/my-offers" className="text-sm font-semibold text-brand-700 hover:underline">
        See the requests in My Offers
      </Link>
    </section>
  );
}
