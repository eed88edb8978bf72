import { useId } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.giveaways';
import type { Item } from '../../../../shared/items';
import { useFairChance } from '../../../lib/fair-chance';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { DrawButton, DrawOutcome, useGiveawayDraw } from './giveaway-draw';

addMessages('giveaways', englishMessages);

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
  const { _ } = useI18n();
  if (!item.isActive) return null;

  return (
    <section
      aria-labelledby={`${reasonId}-h`}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={`${reasonId}-h`} className="font-bold">
        {_('giveaways.panel')}
      </h2>
      {draw.winner ? null : item.isReserved ? (
        <p className="text-sm text-muted">{_('giveaways.promised')}</p>
      ) : (
        <>
          <p id={reasonId} className="text-sm text-muted">
            {fairChance ? _('giveaways.waiting', { fairChance }) : _('giveaways.over')}
          </p>
          <DrawButton draw={draw} fairChance={fairChance} describedBy={reasonId} />
        </>
      )}
      <DrawOutcome draw={draw} where="myOffers" />
      <Link to="/my-offers" className="text-sm font-semibold text-brand-700 hover:underline">
        {_('giveaways.seeRequests')}
      </Link>
    </section>
  );
}
