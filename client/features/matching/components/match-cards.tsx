import { ArrowLeftRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.matches';
import type {
  CircleMatch,
  ListingSummary,
  MutualMatch,
  WantedMatch,
} from '../../../../shared/matching';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { bundleOfferLink } from '../bundles';
import { ListingSummaryRow, Thumbnail } from './listing-summary';

addMessages('matches', englishMessages);

/** The item page with the offer form open and `mine` offered in exchange. */
export const offerLink = (theirs: ListingSummary, mine: ListingSummary) =>
  bundleOfferLink([theirs], [mine]);

function GiveGet({ mine, theirs }: { mine: ListingSummary; theirs: ListingSummary }) {
  const { _ } = useI18n();
  return (
    <div className="grid grid-cols-1 items-center gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
      <div className="min-w-0">
        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
          {_('matches.give')}
        </p>
        <ListingSummaryRow listing={mine} note={_('matches.yourListing')} />
      </div>
      <ArrowLeftRight className="hidden size-5 text-brand-700 sm:block" aria-hidden />
      <div className="min-w-0">
        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
          {_('matches.get')}
        </p>
        <ListingSummaryRow
          listing={theirs}
          note={_('matches.from', { name: displayName(theirs.owner) })}
        />
      </div>
    </div>
  );
}

export function MutualCard({ match }: { match: MutualMatch }) {
  const { _ } = useI18n();
  return (
    <Card className="flex flex-col gap-4 p-4">
      <p className="text-sm font-semibold text-brand-800">
        {_('matches.mutualTitle', { name: displayName(match.theirs.owner) })}
      </p>
      <GiveGet mine={match.mine} theirs={match.theirs} />
      <Button asChild className="self-start">
        <Link to={offerLink(match.theirs, match.mine)}>{_('matches.makeOffer')}</Link>
      </Button>
    </Card>
  );
}

export function WantedCard({ match }: { match: WantedMatch }) {
  const { _ } = useI18n();
  // A give-away is free: nothing of the member's is given for it, so no offer of one.
  if (match.mode === 'giveaway') {
    return (
      <Card className="flex flex-col gap-4 p-4">
        <p className="text-sm font-semibold text-brand-800">
          {match.source === 'listed' ? _('matches.namedFree') : _('matches.foundFree')}
        </p>
        <ListingSummaryRow
          listing={match}
          note={_('matches.givenBy', { name: displayName(match.owner) })}
        />
        <Button asChild variant="outline" className="self-start">
          <Link to={`/item/${match.id}`}>{_('matches.seeGiveaway')}</Link>
        </Button>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-4 p-4">
      <p className="text-sm font-semibold text-brand-800">
        {match.source === 'listed' ? _('matches.named') : _('matches.found')}
      </p>
      <GiveGet mine={match.mine} theirs={match} />
      <Button asChild variant="outline" className="self-start">
        <Link to={offerLink(match, match.mine)}>{_('matches.makeOffer')}</Link>
      </Button>
    </Card>
  );
}

/**
 * A circle as a loop of legs: the owner of each listing gives it to the owner of the listing
 * before it (who wanted it), and the first listing, the member's, goes to the last owner.
 */
export function CircleLegs({ circle, me }: { circle: CircleMatch; me: string }) {
  const n = circle.items.length;
  const { _ } = useI18n();
  return (
    <ol className="flex flex-col gap-2">
      {circle.items.map((item, k) => {
        const giver = circle.members[k];
        const receiver = circle.members[(k - 1 + n) % n];
        if (!giver || !receiver) return null;
        return (
          <li key={item.id} className="flex items-center gap-3 rounded-xl bg-stone-50 p-2">
            <Thumbnail src={item.thumbnail} />
            <div className="min-w-0">
              <Link
                to={`/item/${item.id}`}
                className="block truncate font-semibold text-ink hover:text-brand-800 hover:underline"
              >
                {item.title}
              </Link>
              <p className="break-words text-sm text-muted">
                {_('matches.leg', {
                  giver: giver.id === me ? 'you' : 'other',
                  receiver: receiver.id === me ? 'you' : 'other',
                  from: displayName(giver),
                  to: displayName(receiver),
                })}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function CircleCard({
  circle,
  me,
  action,
}: {
  circle: CircleMatch;
  me: string;
  action?: ReactNode;
}) {
  const others = circle.members.filter((m) => m.id !== me).map((m) => displayName(m));
  const titleId = useId();
  const { _ } = useI18n();
  return (
    <Card role="group" aria-labelledby={titleId} className="flex flex-col gap-4 p-4">
      <p id={titleId} className="text-sm font-semibold text-brand-800">
        {_('matches.circle', {
          size: circle.items.length,
          others: others.length,
          a: others[0],
          b: others[1],
          c: others.slice(2).join(' and '),
        })}
      </p>
      <CircleLegs circle={circle} me={me} />
      {action}
    </Card>
  );
}
