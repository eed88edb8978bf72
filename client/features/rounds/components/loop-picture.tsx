import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Translate } from '../../../../shared/i18n/translator';
import type { RoundTrade } from '../../../../shared/rounds';
import { shorten, TradeRing } from '../../../components/ring/trade-ring';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('rounds', englishMessages);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export function describeLoop(
  legs: readonly RoundTrade[],
  me: string | undefined,
  _: Translate,
): string {
  return legs
    .map((leg) =>
      _('rounds.leg', {
        giverIs: leg.giver.id === me ? 'you' : 'other',
        giver: displayName(leg.giver),
        title: leg.item.title,
        receiverIs: leg.receiver.id === me ? 'you' : 'other',
        receiver: displayName(leg.receiver),
      }),
    )
    .join('; ');
}

/**
 * One loop as a ring: each member a node, each hand-over an arrow from giver to receiver, solid
 * once received. The label says the same in words; the list beside it names every listing.
 */
export function LoopPicture({ legs, me }: { legs: readonly RoundTrade[]; me?: string }) {
  const n = legs.length;
  const { _ } = useI18n();
  return (
    <TradeRing
      label={_('rounds.loopLabel', { legs: describeLoop(legs, me, _) })}
      className="mx-auto w-full max-w-[16rem]"
      nodes={legs.map((leg) => {
        const mine = leg.giver.id === me;
        return {
          key: `node-${leg.entryId}`,
          mark: mine ? _('rounds.youMark') : initials(displayName(leg.giver)),
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
