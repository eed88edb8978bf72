import type { RoundTrade } from '../../../../shared/rounds';
import { displayName } from '../../../lib/format';

/** For the organiser: who has not marked their listing sent yet. */
export function NotShipped({ legs }: { legs: RoundTrade[] }) {
  const late = [
    ...new Map(legs.filter((l) => !l.sentAt).map((l) => [l.giver.id, l.giver])).values(),
  ];
  return (
    <p className="rounded-xl border border-line bg-white p-3 text-sm">
      {late.length === 0
        ? 'Everyone has marked their listing sent.'
        : `Not marked sent yet: ${late.map(displayName).join(', ')}.`}
    </p>
  );
}
