import { useId } from 'react';
import { Link } from 'react-router';
import type { Item } from '../../../../shared/items';
import { useFairChance } from '../../../lib/fair-chance';
import { DrawButton, DrawOutcome, useGiveawayDraw } from './giveaway-draw';

/**
 * Issue 38 §2, the giver's side of a give-away on its page: while the fair chance runs, when it
 * ends (and the draw waits); after it, "Draw a winner at random" (asked first), which accepts one
 * pending request; the others are declined kindly by the server. Requests are answered one by one
 * in My Offers, whose cards draw too (giveaway-draw.tsx). Nothing to do once the listing is given
 * (reserved) or off the market.
 */
export function GiveawayOwnerPanel({ item }: { item: Item }) {
  const fairChance = useFairChance(item.requestsOpenUntil);
  const draw = useGiveawayDraw(item);
  const reasonId = useId();
  if (!item.isActive) return null;

  return (
    <section
      aria-labelledby={`${reasonId}-h`}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={`${reasonId}-h`} className="font-bold">
        Requests for your give-away
      </h2>
      {draw.winner ? null : item.isReserved ? (
        <p className="text-sm text-muted">It is promised to a member: see My Offers.</p>
      ) : (
        <>
          <p id={reasonId} className="text-sm text-muted">
            {fairChance
              ? `${fairChance}. Then accept one request, or draw a winner at random.`
              : 'The fair chance is over: accept one request in My Offers, or draw a winner at random.'}
          </p>
          <DrawButton draw={draw} fairChance={fairChance} describedBy={reasonId} />
        </>
      )}
      <DrawOutcome draw={draw} where=" in My Offers" />
      <Link to="/my-offers" className="text-sm font-semibold text-brand-700 hover:underline">
        See the requests in My Offers
      </Link>
    </section>
  );
}
