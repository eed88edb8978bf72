import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { RoundTrade } from '../../../../shared/rounds';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('rounds', englishMessages);

/** For the organiser: who has not marked their listing sent yet. */
export function NotShipped({ legs }: { legs: RoundTrade[] }) {
  const { _ } = useI18n();
  const late = [
    ...new Map(legs.filter((l) => !l.sentAt).map((l) => [l.giver.id, l.giver])).values(),
  ];
  return (
    <p className="rounded-xl border border-line bg-white p-3 text-sm">
      {late.length === 0
        ? _('rounds.allSent')
        : _('rounds.notSent', { names: late.map(displayName).join(', ') })}
    </p>
  );
}
