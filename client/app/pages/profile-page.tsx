import {
  Calendar,
  Camera,
  Handshake,
  LayoutDashboard,
  MapPin,
  Package,
  PackagePlus,
  Pencil,
  Star,
  UserX,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Activity } from '../../../shared/users';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page } from '../../components/ui/page';
import { StarRating } from '../../components/ui/star-rating';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { UserAvatar } from '../../components/ui/user-avatar';
import { useResendVerification } from '../../features/auth/api/auth-mutations';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useItemList } from '../../features/items/api/items';
import {
  useActivity,
  usePublicProfile,
  useSwapStats,
  useUserFeedback,
} from '../../features/users/api/users';
import { ChangePictureDialog } from '../../features/users/components/change-picture-dialog';
import { EditProfileDialog } from '../../features/users/components/edit-profile-dialog';
import { ProfileListingCard } from '../../features/users/components/profile-listing-card';
import { SendMessageButton } from '../../features/users/components/send-message-button';
import { displayName, formatDate } from '../../lib/format';

function Stat({
  icon: Icon,
  label,
  value,
}: {
  icon: typeof Package;
  label: string;
  value: ReactNode;
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

function ActivityLine({ event }: { event: Activity }) {
  if (event.type === 'listed') {
    return (
      <>
        Listed{' '}
        <Link to={`/item/${event.item.id}`} className="font-semibold hover:underline">
          {event.item.title}
        </Link>
      </>
    );
  }
  if (event.type === 'swap-completed') {
    return event.item ? (
      <>
        Completed a swap for{' '}
        <Link to={`/item/${event.item.id}`} className="font-semibold hover:underline">
          {event.item.title}
        </Link>
      </>
    ) : (
      <>Completed a swap</>
    );
  }
  return (
    <>
      Received {event.rating}★ from{' '}
      <Link to={`/profile/${event.from.id}`} className="font-semibold hover:underline">
        {event.from.name}
      </Link>
    </>
  );
}

function VerifyEmailNotice() {
  const resend = useResendVerification();
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      Confirm your email address to get the ✓ Verified badge.{' '}
      <button
        type="button"
        className="font-semibold underline"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isSuccess ? 'Link sent' : 'Send the link again'}
      </button>
      {resend.error && <span className="block text-danger">{resend.error.message}</span>}
    </div>
  );
}

export function ProfilePage() {
  const { id: routeId } = useParams();
  const { user } = useCurrentUser();
  const id = routeId ?? user?.id;
  const isOwn = !!user && user.id === id;
  const profile = usePublicProfile(id);
  const feedback = useUserFeedback(id);
  const swaps = useSwapStats(id);
  const listings = useItemList({ userId: id }, 100, { enabled: !!id });
  const [tab, setTab] = useState('listings');
  const activity = useActivity(id, tab === 'activity');
  const [pictureOpen, setPictureOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);

  if (id && profile.isPending) return <LoadingScreen />;
  if (!id || profile.isError || !profile.data) {
    return (
      <Page narrow>
        <EmptyState
          icon={UserX}
          title="Profile Not Found"
          text="This member does not exist, or you need to sign in to see your own profile."
        >
          <Button asChild>
            <Link to="/">Back to Home</Link>
          </Button>
        </EmptyState>
      </Page>
    );
  }

  // Your own profile shows your live account data; others see the public view.
  const person = isOwn && user ? { ...profile.data, ...user } : profile.data;
  const name = displayName(person);
  const stats = feedback.data?.stats ?? { averageRating: 0, totalRatings: 0 };
  const items = listings.data ?? [];
  const active = items.filter((item) => item.isActive).length;
  const reviews = feedback.data?.feedback ?? [];

  return (
    <Page>
      <Button asChild variant="ghost" size="sm" className="mb-4">
        <Link to="/">Back to Home</Link>
      </Button>
      <Card className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="relative w-fit">
          <UserAvatar user={person} size={112} className="text-5xl" />
          {isOwn && (
            <button
              type="button"
              onClick={() => setPictureOpen(true)}
              aria-label="Change profile picture"
              className="absolute bottom-0 right-0 inline-flex size-10 items-center justify-center rounded-full border border-line bg-white shadow hover:bg-brand-50"
            >
              <Camera className="size-5" aria-hidden />
            </button>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold">{name}</h1>
            {person.isMember && <Badge tone="brand">✓ Verified</Badge>}
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-2">
            <StarRating value={stats.averageRating} size={18} />
            <span className="text-sm text-muted">({stats.totalRatings} reviews)</span>
          </div>
          <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
            {person.location && (
              <span className="flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden /> {person.location}
              </span>
            )}
            <span className="flex items-center gap-1.5">
              <Calendar className="size-4" aria-hidden /> Member since{' '}
              {formatDate(person.createdAt)}
            </span>
          </div>
          {person.bio && (
            <section className="mt-4">
              <h2 className="text-sm font-bold uppercase tracking-wide text-muted">About</h2>
              <p className="mt-1 whitespace-pre-line">{person.bio}</p>
            </section>
          )}
          {isOwn && user && !user.isMember && (
            <div className="mt-4">
              <VerifyEmailNotice />
            </div>
          )}
          <div className="mt-5 flex flex-wrap gap-2">
            {isOwn ? (
              <>
                <Button variant="outline" onClick={() => setEditOpen(true)}>
                  <Pencil className="size-4" aria-hidden /> Edit Profile
                </Button>
                {user?.isAdmin && (
                  <Button asChild variant="secondary">
                    <Link to="/admin">
                      <LayoutDashboard className="size-4" aria-hidden /> Admin Dashboard
                    </Link>
                  </Button>
                )}
              </>
            ) : (
              <SendMessageButton viewer={user} profileId={person.id} name={name} listings={items} />
            )}
          </div>
        </div>
        <section aria-label="Quick Stats" className="grid gap-3 md:w-56">
          <h2 className="sr-only">Quick Stats</h2>
          <Stat icon={Package} label="Active Listings" value={active} />
          <Stat icon={Handshake} label="Total Swaps" value={swaps.data?.totalSwaps ?? 0} />
        </section>
      </Card>

      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabList label="Profile">
          <Tab value="listings">Listings ({items.length})</Tab>
          <Tab value="feedback">Feedback ({stats.totalRatings})</Tab>
          <Tab value="activity">Activity</Tab>
        </TabList>

        <TabPanel value="listings">
          {items.length === 0 ? (
            isOwn ? (
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
            )
          ) : (
            <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((item) => (
                <li key={item.id}>
                  <ProfileListingCard item={item} isOwner={isOwn} />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>

        <TabPanel value="feedback">
          {reviews.length === 0 ? (
            <EmptyState
              icon={Star}
              title="No feedback yet"
              text="Ratings appear here after completed swaps."
            />
          ) : (
            <ul className="flex flex-col gap-3">
              {reviews.map((review) => (
                <li key={review.id}>
                  <Card className="p-4">
                    <div className="flex flex-wrap items-center gap-3">
                      <UserAvatar user={review.fromUser} size={32} />
                      <Link
                        to={`/profile/${review.fromUser.id}`}
                        className="font-semibold hover:underline"
                      >
                        {displayName(review.fromUser)}
                      </Link>
                      <StarRating value={review.rating} size={16} />
                      <span className="ml-auto text-sm text-muted">
                        {formatDate(review.createdAt)}
                      </span>
                    </div>
                    {review.comment && <p className="mt-2 whitespace-pre-line">{review.comment}</p>}
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </TabPanel>

        <TabPanel value="activity">
          {activity.isPending ? (
            <LoadingScreen />
          ) : (activity.data ?? []).length === 0 ? (
            <EmptyState
              icon={Calendar}
              title="No activity yet"
              text="Listings, completed swaps and ratings show up here."
            />
          ) : (
            <ol className="flex flex-col gap-2">
              {activity.data?.map((event) => (
                <li
                  key={`${event.type}-${event.at}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-line bg-white px-4 py-3"
                >
                  <span>
                    <ActivityLine event={event} />
                  </span>
                  <time dateTime={event.at} className="text-sm text-muted">
                    {formatDate(event.at)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </TabPanel>
      </Tabs>

      {isOwn && user && (
        <>
          <ChangePictureDialog
            open={pictureOpen}
            onOpenChange={setPictureOpen}
            current={user.profileImageUrl}
          />
          <EditProfileDialog user={user} open={editOpen} onOpenChange={setEditOpen} />
        </>
      )}
    </Page>
  );
}
