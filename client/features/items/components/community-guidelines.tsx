import { ShieldCheck } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing-form';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('listing-form', englishMessages);

const GUIDELINES = [
  'listingForm.guideline.own',
  'listingForm.guideline.banned',
  'listingForm.guideline.honest',
  'listingForm.guideline.meet',
] as const;

export function CommunityGuidelines() {
  const { _ } = useI18n();
  return (
    <aside className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950">
      <h2 className="flex items-center gap-2 font-bold">
        <ShieldCheck className="size-5" aria-hidden /> {_('listingForm.guidelines')}
      </h2>
      <ul className="mt-2 list-disc ps-5 text-sm">
        {GUIDELINES.map((id) => (
          <li key={id}>{_(id)}</li>
        ))}
      </ul>
    </aside>
  );
}
