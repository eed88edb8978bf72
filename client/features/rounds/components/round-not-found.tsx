import { Shuffle } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('rounds', englishMessages);

/** The round page for an id that names no round (or no round this member may see). */
export function RoundNotFound() {
  const { _ } = useI18n();
  return (
    <Page narrow>
      <EmptyState icon={Shuffle} title={_('rounds.notFound')} text={_('rounds.notFoundText')}>
        <Link to="/rounds" className="mt-4 font-semibold text-brand-800 underline">
          {_('rounds.seeAll')}
        </Link>
      </EmptyState>
    </Page>
  );
}
