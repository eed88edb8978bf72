import { ArrowLeftRight, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  CircleMatch,
  ListingSummary,
  MutualMatch,
  WantedMatch,
} from '../../../../shared/matching';
import type { PublicUser } from '../../../../shared/users';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { displayName } from '../../../lib/format';
import { ListingSummaryRow } from './listing-summary';

/** The item page with the offer form open and `mine` offered in exchange. */
export const offerLink = (theirs: ListingSummary, mine: ListingSummary) =>
  `/item/${theirs.id}?action=offer&offered=${mine.id}`;

function GiveGet({ mine, theirs }: { mine: ListingSummary; theirs: ListingSummary }) {
  return (
    <div className="grid grid-cols-1 items-center gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
      <div className="min-w-0">
        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">You give</p>
        <ListingSummaryRow listing={mine} note="Your listing" />
      </div>
      <ArrowLeftRight className="hidden size-5 text-brand-700 sm:block" aria-hidden />
      <div className="min-w-0">
        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">You get</p>
        <ListingSummaryRow listing={theirs} note={`from ${displayName(theirs.owner)}`} />
      </div>
    </div>
  );
}

export function MutualCard({ match }: { match: MutualMatch }) {
  return (
    <Card className="flex flex-col gap-4 p-4">
      <p className="text-sm font-semibold text-brand-800">
        You and {displayName(match.theirs.owner)} want each other’s listings
      </p>
      <GiveGet mine={match.mine} theirs={match.theirs} />
      <Button asChild className="self-start">
        <Link to={offerLink(match.theirs, match.mine)}>Make an offer</Link>
      </Button>
    </Card>
  );
}

export function WantedCard({ match }: { match: WantedMatch }) {
  return (
    <Card className="flex flex-col gap-4 p-4">
      <p className="text-sm font-semibold text-brand-800">
        {match.source === 'listed' ? 'You named this listing' : 'Matches what you’re looking for'}
      </p>
      <GiveGet mine={match.mine} theirs={match} />
      <Button asChild variant="outline" className="self-start">
        <Link to={offerLink(match, match.mine)}>Make an offer</Link>
      </Button>
    </Card>
  );
}

const who = (member: PublicUser, me: string) => (member.id === me ? 'You' : displayName(member));

/**
 * A circle as a loop of legs: the owner of each listing gives it to the owner of the listing
 * before it (who wanted it), and the first listing, the member's, goes to the last owner.
 */
export function CircleLegs({ circle, me }: { circle: CircleMatch; me: string }) {
  const n = circle.items.length;
  return (
    <ol className="flex flex-col gap-2">
      {circle.items.map((item, k) => {
        const giver = circle.members[k];
        const receiver = circle.members[(k - 1 + n) % n];
        if (!giver || !receiver) return null;
        return (
          <li key={item.id} className="flex items-center gap-3 rounded-xl bg-stone-50 p-2">
            <ListingSummaryRow
              listing={item}
              note={`${who(giver, me)} ${giver.id === me ? 'give' : 'gives'} it to ${who(receiver, me) === 'You' ? 'you' : who(receiver, me)}`}
              className="flex-1"
            />
            <ArrowRight className="size-4 shrink-0 text-muted" aria-hidden />
            <span className="w-20 shrink-0 truncate text-right text-sm font-medium">
              {who(receiver, me)}
            </span>
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
  return (
    <Card className="flex flex-col gap-4 p-4">
      <p className="text-sm font-semibold text-brand-800">
        A circle of {circle.items.length} with {others.join(' and ')}
      </p>
      <CircleLegs circle={circle} me={me} />
      {action}
    </Card>
  );
}
