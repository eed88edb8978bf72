import { ShieldCheck } from 'lucide-react';

const GUIDELINES = [
  'List only things you own and may give away.',
  'No animals, weapons, drugs, alcohol, tobacco, adult content, counterfeit or stolen goods.',
  'Describe the condition honestly and show real photos.',
  'Meet in public places and inspect items before you swap.',
];

export function CommunityGuidelines() {
  return (
    <aside className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950">
      <h2 className="flex items-center gap-2 font-bold">
        <ShieldCheck className="size-5" aria-hidden /> Community Guidelines
      </h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {GUIDELINES.map((g) => (
          <li key={g}>{g}</li>
        ))}
      </ul>
    </aside>
  );
}
