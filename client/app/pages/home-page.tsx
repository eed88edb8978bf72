import { BadgeCheck, Handshake, Search, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORIES } from '../../../shared/categories';
import type { MessageId } from '../../../shared/i18n/catalogs/en';
import { messages as englishHomeMessages } from '../../../shared/i18n/compiled/en.home';
import { Button } from '../../components/ui/button';
import { useSiteConfig } from '../../features/site/api/site-config';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

// This page's English words come with it, not with every page (client/lib/i18n.ts).
addMessages('home', englishHomeMessages);

/** The order the spec lists them in on the home page. */
const HOME_CATEGORY_ORDER = [2, 11, 3, 4, 6, 5, 7, 8, 9, 10];

const TRUST_CARDS = [
  {
    icon: BadgeCheck,
    title: 'home.trust.verified.title',
    text: 'home.trust.verified.text',
  },
  {
    icon: Handshake,
    title: 'home.trust.process.title',
    text: 'home.trust.process.text',
  },
  {
    icon: ShieldCheck,
    title: 'home.trust.safety.title',
    text: 'home.trust.safety.text',
  },
] as const;

const SAFETY_TIPS: MessageId[] = [
  'home.tip.public',
  'home.tip.friend',
  'home.tip.inspect',
  'home.tip.banking',
];

export function HomePage() {
  const { siteName } = useSiteConfig();
  const { _, has } = useI18n();
  // A category the catalogs do not know (added since) keeps its stored name.
  const categoryName = ({ id, name }: { id: number; name: string }) => {
    const key = `category.${id}` as MessageId;
    return has(key) ? _(key) : name;
  };
  const categories = HOME_CATEGORY_ORDER.map((id) => CATEGORIES.find((c) => c.id === id)).filter(
    (c) => c !== undefined,
  );
  return (
    <>
      <section className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <h2 className="text-xl font-bold">{_('home.findHeading')}</h2>
            <p className="text-muted">{_('home.findText')}</p>
          </div>
          <Button asChild variant="secondary">
            <Link to="/browse">
              <Search className="size-4" aria-hidden /> {_('home.goToSearch')}
            </Link>
          </Button>
        </div>
      </section>

      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="mb-3 inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
            {_('home.tagline')}
          </p>
          <h1 className="max-w-3xl text-4xl font-extrabold sm:text-6xl">{_('home.heading')}</h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-50 sm:text-xl">{_('home.intro')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="inverse">
              <Link to="/how-it-works">{_('home.learnHow')}</Link>
            </Button>
            <Button asChild size="lg" variant="inverseGhost">
              <Link to="/browse">{_('home.startBrowsing')}</Link>
            </Button>
          </div>
        </div>
      </section>

      <section
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6"
        aria-labelledby="categories-heading"
      >
        <h2 id="categories-heading" className="text-2xl font-bold sm:text-3xl">
          {_('home.categoriesHeading')}
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
                {/* A long word (German "Sammlerstücke") breaks, hyphenated where the browser can. */}
                <span className="min-w-0 hyphens-auto break-words">{categoryName(category)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-14" aria-labelledby="trust-heading">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="trust-heading" className="text-2xl font-bold sm:text-3xl">
            {_('home.trustHeading', { siteName })}
          </h2>
          <div className="mt-6 grid gap-4 md:grid-cols-3">
            {TRUST_CARDS.map(({ icon: Icon, title, text }) => (
              <article key={title} className="rounded-2xl border border-line bg-canvas p-6">
                <Icon className="size-8 text-brand-700" aria-hidden />
                <h3 className="mt-4 text-lg font-bold">{_(title)}</h3>
                <p className="mt-2 text-muted">{_(text)}</p>
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
            <Users className="size-6" aria-hidden /> {_('home.safetyHeading')}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {SAFETY_TIPS.map((tip) => (
              <li key={tip} className="flex items-center gap-2 text-amber-950">
                <ShieldCheck className="size-5 shrink-0" aria-hidden /> {_(tip)}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
