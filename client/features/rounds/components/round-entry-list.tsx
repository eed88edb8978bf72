import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { RoundEntry } from '../../../../shared/rounds';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('rounds', englishMessages);

/** Every listing entered in the round, each linked, with its owner. */
export function RoundEntryList({ entries }: { entries: RoundEntry[] }) {
  const { _ } = useI18n();
  return entries.length === 0 ? (
    <p className="text-muted">{_('rounds.noEntries')}</p>
  ) : (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-line bg-white p-3">
          <Link
            to={`/item/${entry.item.id}`}
            className="font-medium underline-offset-2 hover:underline"
          >
            {entry.item.title}
          </Link>
          <p className="text-sm text-muted">
            {_('rounds.by', { name: displayName(entry.item.owner) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
