import { useId } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.matches';
import { htmlLangOf } from '../../../../shared/i18n/locales';
import { OFFER_SIDE_MAX } from '../../../../shared/swap-display';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { bundleOfferLink, type OwnerBundle } from '../bundles';
import { ListingSummaryRow } from './listing-summary';

addMessages('matches', englishMessages);

/**
 * Issue 38: several listings of one member the member wants, with one "Make an offer" for them
 * all (up to five), which opens the offer form with them asked for and the member's listings
 * that want them offered.
 */
export function BundleCard({ bundle }: { bundle: OwnerBundle }) {
  const titleId = useId();
  const { _, locale } = useI18n();
  const owner = displayName(bundle.owner);
  const asked = Math.min(bundle.theirs.length, OFFER_SIDE_MAX);
  const offered = bundle.mine.slice(0, OFFER_SIDE_MAX);
  const titles = offered.map((listing) => listing.title);
  return (
    <Card role="group" aria-labelledby={titleId} className="flex flex-col gap-4 p-4">
      <p id={titleId} className="text-sm font-semibold text-brand-800">
        {_('matches.bundle', { count: bundle.theirs.length, owner })}
      </p>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {bundle.theirs.map((listing) => (
          <li key={listing.id} className="min-w-0">
            <ListingSummaryRow listing={listing} showOwner={false} thumbnailClassName="size-12" />
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        {_('matches.bundleFor', {
          count: offered.length,
          // English lists them with commas alone, as it always has; other languages as they join.
          titles:
            locale === 'en'
              ? titles.join(', ')
              : new Intl.ListFormat(htmlLangOf(locale), { type: 'conjunction' }).format(titles),
        })}
      </p>
      <Button asChild className="self-start">
        <Link to={bundleOfferLink(bundle.theirs, offered)}>
          {_('matches.bundleOffer', { all: String(asked === bundle.theirs.length), count: asked })}
        </Link>
      </Button>
    </Card>
  );
}
