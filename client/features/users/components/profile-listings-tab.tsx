import { Package, PackagePlus } from 'lucide-react';
import { Link } from 'react-router';
import type { Item } from '../../../../shared/items';
import type { Actor } from '../../../../shared/policies/decision';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProfileListingCard } from './profile-listing-card';

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
  if (listings.length === 0) {
    return isOwner ? (
      <EmptyState
        icon={PackagePlus}
        title="You have not listed anything yet"
        text="List something you no longer need and see what people offer."
      >
        <Button asChild>
          <Link to="/create-listing">Create Your First Listing</Link>
        </Button>
      </EmptyState>
    ) : (
      <EmptyState
        icon={Package}
        title="No listings yet"
        text={`${name} has not listed anything yet.`}
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
