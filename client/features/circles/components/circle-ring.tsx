import type { Circle } from '../../../../shared/circles';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.circles';
import type { Translator } from '../../../../shared/i18n/translator';
import { shorten, TradeRing } from '../../../components/ring/trade-ring';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('circles', englishMessages);

/** Who gives to whom, one clause per leg: what the picture says, for screen readers too. */
export function describeCircle(circle: Circle, me: string, _: Translator['_']): string {
  const legs = circle.legs.map((leg) => {
    const title = leg.item.title;
    if (leg.giver.id === me)
      return _('circle.ring.myLeg', { title, receiver: displayName(leg.receiver) });
    if (leg.receiver.id === me)
      return _('circle.ring.legToMe', { giver: displayName(leg.giver), title });
    return _('circle.ring.leg', {
      giver: displayName(leg.giver),
      title,
      receiver: displayName(leg.receiver),
    });
  });
  return _('circle.ring.label', { legs: legs.join(_('circle.ring.joiner')) });
}

/**
 * The circle as a ring: each member a node, each leg a numbered arrow from its giver (node k) to
 * its receiver (node k - 1), dashed until received; the numbers match the list of legs.
 */
export function CircleRing({ circle, me }: { circle: Circle; me: string }) {
  const n = circle.legs.length;
  const { _ } = useI18n();
  return (
    <TradeRing
      label={describeCircle(circle, me, _)}
      className="mx-auto w-full max-w-sm"
      nodes={circle.legs.map((leg) => {
        const mine = leg.giver.id === me;
        const caption = mine ? _('circle.ring.you') : shorten(displayName(leg.giver), 12);
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
