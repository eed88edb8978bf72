import { Inbox, Send } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { useSwapRequests } from '../../features/swaps/api/swap-requests';
import { OfferCard } from '../../features/swaps/components/offer-card';
import { MARK_SEEN_DELAY_MS, useSeenOffers } from '../../features/swaps/seen-offers';

export function MyOffersPage() {
  const { user } = useCurrentUser();
  const requests = useSwapRequests(!!user);
  const { markSeen } = useSeenOffers(user?.id);
  const loaded = requests.data;

  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => markSeen(loaded), MARK_SEEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, markSeen]);

  if (!user) {
    return (
      <SignInPrompt
        title="Sign in to see your offers"
        text="Offers you make and receive appear here."
      />
    );
  }
  if (requests.isPending) return <LoadingScreen />;
  const all = loaded ?? [];
  const received = all.filter((r) => r.toUserId === user.id);
  const made = all.filter((r) => r.fromUserId === user.id);

  return (
    <Page>
      <PageTitle lead="Accept, decline, chat and complete your swaps.">My Offers</PageTitle>
      <Tabs defaultValue="received">
        <TabList label="Offers">
          <Tab value="received">Received ({received.length})</Tab>
          <Tab value="made">Made ({made.length})</Tab>
        </TabList>
        <TabPanel value="received" className="flex flex-col gap-4">
          {received.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title="No offers received yet"
              text="When someone offers a swap for one of your items, it shows up here."
            >
              <Button asChild>
                <Link to="/create-listing">List an item</Link>
              </Button>
            </EmptyState>
          ) : (
            received.map((request) => (
              <OfferCard key={request.id} request={request} userId={user.id} />
            ))
          )}
        </TabPanel>
        <TabPanel value="made" className="flex flex-col gap-4">
          {made.length === 0 ? (
            <EmptyState
              icon={Send}
              title="No offers made yet"
              text="Find something you like and make the owner an offer."
            >
              <Button asChild>
                <Link to="/browse">Browse items</Link>
              </Button>
            </EmptyState>
          ) : (
            made.map((request) => <OfferCard key={request.id} request={request} userId={user.id} />)
          )}
        </TabPanel>
      </Tabs>
    </Page>
  );
}
