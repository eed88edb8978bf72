import { Shuffle } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';

/** The round page for an id that names no round (or no round this member may see). */
export function RoundNotFound() {
  return (
    <Page narrow>
      <EmptyState icon={Shuffle} title="Round not found" text="This round does not exist.">
        <Link to="/rounds" className="mt-4 font-semibold text-brand-800 underline">
          See all rounds
        </Link>
      </EmptyState>
    </Page>
  );
}
