import { Link } from 'react-router';
import type { Circle, CircleLeg, CircleStatus } from '../../../../shared/circles';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.circles';
import type { Translator } from '../../../../shared/i18n/translator';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { Thumbnail } from '../../matching/components/listing-summary';

addMessages('circles', englishMessages);

const TONE: Record<CircleStatus, 'yellow' | 'green' | 'red' | 'blue' | 'neutral'> = {
  proposed: 'yellow',
  accepted: 'green',
  declined: 'red',
  expired: 'neutral',
  cancelled: 'red',
  completed: 'blue',
};

export function CircleStatusBadge({ status }: { status: CircleStatus }) {
  const { _ } = useI18n();
  return <Badge tone={TONE[status]}>{_(`circle.status.${status}`)}</Badge>;
}

/** Who gives a leg's listing to whom, "you" for the viewer (who never gives to themselves). */
function legWho(leg: CircleLeg, me: string, { _ }: Translator): string {
  if (leg.giver.id === me) return _('circle.leg.youGive', { receiver: displayName(leg.receiver) });
  if (leg.receiver.id === me) return _('circle.leg.givesYou', { giver: displayName(leg.giver) });
  return _('circle.leg.gives', {
    giver: displayName(leg.giver),
    receiver: displayName(leg.receiver),
  });
}

/** One leg's state in words: the giver's answer, then the receipt once the circle is on. */
function legState(
  circle: Circle,
  leg: CircleLeg,
  { _, locale }: Translator,
): { text: string; tone: 'yellow' | 'green' | 'red' | 'blue' } {
  if (leg.receivedAt)
    return {
      text: _('circle.leg.received', { date: formatDate(leg.receivedAt, locale) }),
      tone: 'blue',
    };
  if (circle.status === 'accepted' || circle.status === 'completed')
    return { text: _('circle.leg.onItsWay'), tone: 'green' };
  if (leg.decision === 'declined') return { text: _('circle.leg.declined'), tone: 'red' };
  if (leg.decision === 'accepted') return { text: _('circle.leg.accepted'), tone: 'green' };
  return { text: _('circle.leg.waiting'), tone: 'yellow' };
}

/** Each leg: the listing, who gives it to whom, and where it stands. */
export function CircleLegList({ circle, me }: { circle: Circle; me: string }) {
  const i18n = useI18n();
  return (
    <ol className="flex flex-col gap-2">
      {circle.legs.map((leg) => {
        const state = legState(circle, leg, i18n);
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
              <p className="break-words text-sm text-muted">{legWho(leg, me, i18n)}</p>
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
  const { _ } = useI18n();
  const others = circle.legs
    .filter((leg) => leg.giver.id !== me)
    .map((leg) => displayName(leg.giver))
    .reduce((first, second) => _('circle.and', { first, second }));
  const { give, get } = myLegs(circle, me);
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* A member of another community is nickname@host: one long word, broken anywhere. */}
        <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          {_('circle.summary', { count: circle.legs.length, names: others })}
        </p>
        <CircleStatusBadge status={circle.status} />
      </div>
      <p className="text-sm text-muted">
        {_('circle.giveAndGet', { give: give?.item.title, get: get?.item.title })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/circles/${circle.id}`}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {_('circle.open')}
        </Link>
        {circle.actions.includes('accept') && (
          <Badge tone="yellow">{_('circle.answerNeeded')}</Badge>
        )}
        {circle.actions.includes('receive') && (
          <Badge tone="green">{_('circle.confirmArrival')}</Badge>
        )}
        {circle.unreadCount > 0 && (
          <Badge tone="brand">{_('circle.unread', { count: circle.unreadCount })}</Badge>
        )}
      </div>
    </Card>
  );
}
