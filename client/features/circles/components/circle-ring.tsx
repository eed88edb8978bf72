import type { Circle } from '../../../../shared/circles';
import { shorten, TradeRing } from '../../../components/ring/trade-ring';
import { displayName } from '../../../lib/format';

/** Who gives to whom, as one sentence per leg: what the picture says, for screen readers too. */
export function describeCircle(circle: Circle, me: string): string {
  const name = (user: { id: string } & Parameters<typeof displayName>[0]) =>
    user.id === me ? 'you' : displayName(user);
  return circle.legs
    .map(
      (leg) =>
        `${name(leg.giver)} ${leg.giver.id === me ? 'give' : 'gives'} “${leg.item.title}” to ${name(leg.receiver)}`,
    )
    .join('; ');
}

/**
 * The circle as a ring: each member a node, each leg a numbered arrow from its giver (node k) to
 * its receiver (node k - 1), dashed until received; the numbers match the list of legs.
 */
export function CircleRing({ circle, me }: { circle: Circle; me: string }) {
  const n = circle.legs.length;
  return (
    <TradeRing
      label={`Swap circle: ${describeCircle(circle, me)}.`}
      className="mx-auto w-full max-w-sm"
      nodes={circle.legs.map((leg) => {
        const mine = leg.giver.id === me;
        const caption = mine ? 'You' : shorten(displayName(leg.giver), 12);
        return { key: leg.giver.id, mark: caption.slice(0, 1).toUpperCase(), caption, mine };
      })}
      arrows={circle.legs.map((leg, k) => ({
        key: String(leg.position),
        from: k,
        to: (k - 1 + n) % n,
        done: leg.receivedAt !== null,
        badge: k + 1,
      }))}
    />
  );
}
