import { Handshake, Package } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('profile', englishMessages);

function Stat({
  icon: Icon,
  label,
  value,
}: {
  icon: typeof Package;
  label: string;
  value: number;
}) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-stone-50 p-4">
      <Icon className="size-6 text-brand-700" aria-hidden />
      <div>
        <p className="text-2xl font-bold">{value}</p>
        <p className="text-sm text-muted">{label}</p>
      </div>
    </div>
  );
}

export function ProfileQuickStats({
  activeListings,
  totalSwaps,
}: {
  activeListings: number;
  totalSwaps: number;
}) {
  const { _ } = useI18n();
  return (
    <section aria-label={_('profile.quickStats')} className="grid gap-3 md:w-56">
      <h2 className="sr-only">{_('profile.quickStats')}</h2>
      <Stat icon={Package} label={_('profile.activeListings')} value={activeListings} />
      <Stat icon={Handshake} label={_('profile.totalSwaps')} value={totalSwaps} />
    </section>
  );
}
