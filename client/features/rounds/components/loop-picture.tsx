import type { RoundTrade } from '../../../../shared/rounds';
import { shorten, TradeRing } from '../../../components/ring/trade-ring';
import { displayName } from '../../../lib/format';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export function describeLoop(legs: readonly RoundTrade[], me: string | undefined): string {
  const name = (user: RoundTrade['giver']) => (user.id === me ? 'you' : displayName(user));
  return legs
    .map((leg) => `${name(leg.giver)} → “${leg.item.title}” → ${name(leg.receiver)}`)
    .join('; ');
}

/**
 * One loop as a ring: each member a node, each hand-over an arrow from giver to receiver, solid
 * once received. The label says the same in words; the list beside it names every listing.
 */
export function LoopPicture({ legs, me }: { legs: readonly RoundTrade[]; me?: string }) {
  const n = legs.length;
  return (
    <TradeRing
      label={`Trade loop: ${describeLoop(legs, me)}.`}
      className="mx-auto w-full max-w-[16rem]"
      nodes={legs.map((leg) => {
        const mine = leg.giver.id === me;
        return {
          key: `node-${leg.entryId}`,
          mark: mine ? 'You' : initials(displayName(leg.giver)),
          caption: shorten(leg.item.title, 14),
          mine,
        };
      })}
      arrows={legs.map((leg, k) => ({
        key: String(leg.entryId),
        from: k,
        to: (k + 1) % n,
        done: leg.receivedAt !== null,
      }))}
    />
  );
}
