import { Package, PackagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import type { Item } from '../../../../shared/items';
import type { Actor } from '../../../../shared/policies/decision';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { ProfileListingCard } from './profile-listing-card';

addMessages('profile', englishMessages);

export function ProfileListingsTab({
  listings,
  isOwner,
  viewer,
  name,
}: {
  listings: Item[];
  isOwner: boolean;
  viewer: Actor | null;
  name: string;
}) {
  const { _ } = useI18n();
  if (listings.length === 0) {
    return isOwner ? (
      <EmptyState
        icon={PackagePlus}
        title={_('profile.nothingListedOwn')}
        text={_('profile.nothingListedOwnText')}
      >
        <Button asChild>
          <Link to="/create-listing">{_('profile.firstListing')}</Link>
        </Button>
      </EmptyState>
    ) : (
      <EmptyState
        icon={Package}
        title={_('profile.noListings')}
        text={_('profile.noListingsText', { name })}
      />
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {listings.map((item) => (
        <li key={item.id}>
          <ProfileListingCard item={item} viewer={viewer} />
        </li>
      ))}
    </ul>
  );
}
