import type { ClientUser } from '../../../shared/auth.schemas';
import type { Item } from '../../../shared/items';
import type { Feedback, RatingStats } from '../../../shared/swaps';
import type { MemberProfile } from '../../../shared/users';
import { displayName } from '../../lib/format';
import { useCurrentUser } from '../auth/api/current-user';
import { useItemList } from '../items/api/items';
import { usePublicProfile, useSwapStats, useUserFeedback } from './api/users';

export type ProfileView = {
  id: string;
  /** Your own profile carries your live account (and email, for the avatar's initial). */
  person: MemberProfile & { email?: string };
  name: string;
  /** The signed-in member, whoever's profile this is. */
  viewer: ClientUser | null;
  /** The signed-in member when the profile is their own, the only case with editing. */
  own: ClientUser | null;
  rating: RatingStats;
  reviews: Feedback[];
  listings: Item[];
  activeListings: number;
  totalSwaps: number;
};

export type ProfileViewState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; view: ProfileView };

const NO_RATINGS: RatingStats = { averageRating: 0, totalRatings: 0 };

/** The profile at /profile/:id, or the signed-in member's own when the route has no id. */
export function useProfileView(routeId: string | undefined): ProfileViewState {
  const { user } = useCurrentUser();
  const id = routeId ?? user?.id;
  const profile = usePublicProfile(id);
  const feedback = useUserFeedback(id);
  const swaps = useSwapStats(id);
  const listings = useItemList({ userId: id }, 100, { enabled: !!id });

  if (id && profile.isPending) return { status: 'loading' };
  if (!id || profile.isError || !profile.data) return { status: 'missing' };

  const own = user && user.id === id ? user : null;
  const person = own ? { ...profile.data, ...own } : profile.data;
  const items = listings.data ?? [];
  return {
    status: 'ready',
    view: {
      id,
      person,
      name: displayName(person),
      viewer: user,
      own,
      rating: feedback.data?.stats ?? NO_RATINGS,
      reviews: feedback.data?.feedback ?? [],
      listings: items,
      activeListings: items.filter((item) => item.isActive).length,
      totalSwaps: swaps.data?.totalSwaps ?? 0,
    },
  };
}
