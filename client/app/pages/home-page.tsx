import { BadgeCheck, Handshake, Search, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORIES } from '../../../shared/categories';
import { Button } from '../../components/ui/button';
import { useSiteConfig } from '../../features/site/api/site-config';

/** The order the spec lists them in on the home page. */
const HOME_CATEGORY_ORDER = [2, 11, 3, 4, 6, 5, 7, 8, 9, 10];

const TRUST_CARDS = [
  {
    icon: BadgeCheck,
    title: 'Verified Member System',
    text: 'Members who list items pay a one-time £0.99 verification fee to reduce fake accounts, and carry a ✓ Verified badge.',
  },
  {
    icon: Handshake,
    title: 'Clear Trade Process',
    text: 'Offers, replies and chat in one place. Accept, decline, mark as completed, then rate each other.',
  },
  {
    icon: ShieldCheck,
    title: 'Safety First Approach',
    text: 'Ratings and reviews on every profile, banned-item rules, and moderators who act on reports.',
  },
];

const SAFETY_TIPS = [
  'Meet in public places',
  'Bring a friend for valuable items',
  'Inspect items before you swap',
  'Never share banking details',
];

export function HomePage() {
  const { siteName } = useSiteConfig();
  const categories = HOME_CATEGORY_ORDER.map((id) => CATEGORIES.find((c) => c.id === id)).filter(
    (c) => c !== undefined,
  );
  return (
    <>
      <section className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <h2 className="text-xl font-bold">Find What You're Looking For</h2>
            <p className="text-muted">Search every item members have listed for swap.</p>
          </div>
          <Button asChild variant="secondary">
            <Link to="/browse">
              <Search className="size-4" aria-hidden /> Go to Search Page
            </Link>
          </Button>
        </div>
      </section>

      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="mb-3 inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
            No money. Just swaps.
          </p>
          <h1 className="max-w-3xl text-4xl font-extrabold sm:text-6xl">
            Swap What Ever You've Got!
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-50 sm:text-xl">
            List the things you no longer need and trade them for the things you do, with people in
            your community.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="inverse">
              <Link to="/how-it-works">Learn How It Works</Link>
            </Button>
            <Button asChild size="lg" variant="inverseGhost">
              <Link to="/browse">Start browsing</Link>
            </Button>
          </div>
        </div>
      </section>

      <section
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6"
        aria-labelledby="categories-heading"
      >
        <h2 id="categories-heading" className="text-2xl font-bold sm:text-3xl">
          Browse by Category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/browse?categoryId=${category.id}`}
                className="flex h-full items-center gap-3 rounded-2xl border border-line bg-white p-4 font-semibold shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow"
              >
                <span className="text-2xl" aria-hidden>
                  {category.icon}
                </span>
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-14" aria-labelledby="trust-heading">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="trust-heading" className="text-2xl font-bold sm:text-3xl">
            Why {siteName} is Trusted
          </h2>
          <div className="mt-6 grid gap-4 md:grid-cols-3">
            {TRUST_CARDS.map(({ icon: Icon, title, text }) => (
              <article key={title} className="rounded-2xl border border-line bg-canvas p-6">
                <Icon className="size-8 text-brand-700" aria-hidden />
                <h3 className="mt-4 text-lg font-bold">{title}</h3>
                <p className="mt-2 text-muted">{text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6" aria-labelledby="safety-heading">
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-6 sm:p-8">
          <h2
            id="safety-heading"
            className="flex items-center gap-2 text-2xl font-bold text-amber-950"
          >
            <Users className="size-6" aria-hidden /> Swap safely
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {SAFETY_TIPS.map((tip) => (
              <li key={tip} className="flex items-center gap-2 text-amber-950">
                <ShieldCheck className="size-5 shrink-0" aria-hidden /> {tip}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
