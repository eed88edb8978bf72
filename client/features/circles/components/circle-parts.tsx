import { Link } from 'react-router';
import type { Circle, CircleLeg, CircleStatus } from '../../../../shared/circles';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { displayName, formatDate } from '../../../lib/format';
import { Thumbnail } from '../../matching/components/listing-summary';

const STATUS: Record<
  CircleStatus,
  { tone: 'yellow' | 'green' | 'red' | 'blue' | 'neutral'; label: string }
> = {
  proposed: { tone: 'yellow', label: 'Proposed' },
  accepted: { tone: 'green', label: 'Accepted' },
  declined: { tone: 'red', label: 'Declined' },
  expired: { tone: 'neutral', label: 'Expired' },
  cancelled: { tone: 'red', label: 'Cancelled' },
  completed: { tone: 'blue', label: 'Completed' },
};

export function CircleStatusBadge({ status }: { status: CircleStatus }) {
  const { tone, label } = STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

const who = (user: CircleLeg['giver'], me: string) => (user.id === me ? 'you' : displayName(user));
const Who = (user: CircleLeg['giver'], me: string) => (user.id === me ? 'You' : displayName(user));

/** One leg's state in words: the giver's answer, then the receipt once the circle is on. */
function legState(
  circle: Circle,
  leg: CircleLeg,
): { text: string; tone: 'yellow' | 'green' | 'red' | 'blue' } {
  if (leg.receivedAt) return { text: `Received ${formatDate(leg.receivedAt)}`, tone: 'blue' };
  if (circle.status === 'accepted' || circle.status === 'completed')
    return { text: 'On its way', tone: 'green' };
  if (leg.decision === 'declined') return { text: 'Declined', tone: 'red' };
  if (leg.decision === 'accepted') return { text: 'Accepted', tone: 'green' };
  return { text: 'Waiting for an answer', tone: 'yellow' };
}

/** Each leg: the listing, who gives it to whom, and where it stands. */
export function CircleLegList({ circle, me }: { circle: Circle; me: string }) {
  return (
    <ol className="flex flex-col gap-2">
      {circle.legs.map((leg) => {
        const state = legState(circle, leg);
        return (
          <li key={leg.position} className="flex items-center gap-3 rounded-xl bg-stone-50 p-2">
            <span
              aria-hidden
              className="flex size-7 shrink-0 items-center justify-center rounded-full border border-amber-700 bg-amber-100 text-sm font-bold text-amber-900"
            >
              {leg.position + 1}
            </span>
            <Thumbnail src={leg.item.thumbnail} />
            <div className="min-w-0 flex-1">
              <Link
                to={`/item/${leg.item.id}`}
                className="block truncate font-semibold text-ink hover:text-brand-800 hover:underline"
              >
                {leg.item.title}
              </Link>
              <p className="break-words text-sm text-muted">
                {Who(leg.giver, me)} {leg.giver.id === me ? 'give' : 'gives'} it to{' '}
                {who(leg.receiver, me)}
              </p>
              <Badge tone={state.tone} className="mt-1">
                {state.text}
              </Badge>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** What the viewer gives and gets in a circle. */
export function myLegs(circle: Circle, me: string) {
  return {
    give: circle.legs.find((leg) => leg.giver.id === me),
    get: circle.legs.find((leg) => leg.receiver.id === me),
  };
}

/** A circle in a list (My Offers → Circles): status, with whom, what the viewer gives and gets. */
export function CircleSummaryCard({ circle, me }: { circle: Circle; me: string }) {
  const others = circle.legs
    .filter((leg) => leg.giver.id !== me)
    .map((leg) => displayName(leg.giver));
  const { give, get } = myLegs(circle, me);
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* A member of another community is nickname@host: one long word, broken anywhere. */}
        <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          Circle of {circle.legs.length} with {others.join(' and ')}
        </p>
        <CircleStatusBadge status={circle.status} />
      </div>
      <p className="text-sm text-muted">
        You give “{give?.item.title}” and get “{get?.item.title}”
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/circles/${circle.id}`}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          Open circle
        </Link>
        {circle.actions.includes('accept') && <Badge tone="yellow">Your answer is needed</Badge>}
        {circle.actions.includes('receive') && <Badge tone="green">Confirm when it arrives</Badge>}
        {circle.unreadCount > 0 && (
          <Badge tone="brand">
            {circle.unreadCount} unread message{circle.unreadCount === 1 ? '' : 's'}
          </Badge>
        )}
      </div>
    </Card>
  );
}
