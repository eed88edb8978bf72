import { Handshake, Package } from 'lucide-react';

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
  return (
    <section aria-label="Quick Stats" className="grid gap-3 md:w-56">
      <h2 className="sr-only">Quick Stats</h2>
      <Stat icon={Package} label="Active Listings" value={activeListings} />
      <Stat icon={Handshake} label="Total Swaps" value={totalSwaps} />
    </section>
  );
}
