import { Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { useMyCircles } from '../../features/circles/api/circles';
import { CircleSummaryCard } from '../../features/circles/components/circle-parts';
import { OfferList, OlderOffersButton } from '../../features/swaps/components/offer-list';
import { useMyOffers } from '../../features/swaps/my-offers';

export function MyOffersPage() {
  const { user } = useCurrentUser();
  const offers = useMyOffers(user?.id);
  const circles = useMyCircles(Boolean(user));

  if (!user) {
    return (
      <SignInPrompt
        title="Sign in to see your offers"
        text="Offers you make and receive appear here."
      />
    );
  }
  if (offers.isPending) return <LoadingScreen />;

  return (
    <Page>
      <PageTitle lead="Accept, decline, chat and complete your swaps.">My Offers</PageTitle>
      <Tabs defaultValue="received">
        <TabList label="Offers">
          <Tab value="received">Received ({offers.counts.received})</Tab>
          <Tab value="made">Made ({offers.counts.made})</Tab>
          <Tab value="circles">Circles ({circles.data?.length ?? 0})</Tab>
        </TabList>
        <TabPanel value="received" className="flex flex-col gap-4">
          <OfferList kind="received" requests={offers.received} all={offers.all} userId={user.id} />
          <OlderOffersButton older={offers.older} />
        </TabPanel>
        <TabPanel value="made" className="flex flex-col gap-4">
          <OfferList kind="made" requests={offers.made} all={offers.all} userId={user.id} />
          <OlderOffersButton older={offers.older} />
        </TabPanel>
        <TabPanel value="circles" className="flex flex-col gap-4">
          {circles.data?.length ? (
            circles.data.map((circle) => (
              <CircleSummaryCard key={circle.id} circle={circle} me={user.id} />
            ))
          ) : (
            <EmptyState
              icon={Repeat}
              title="No swap circles yet"
              text={
                <>
                  Circles of three or four members, each giving one thing and getting another,
                  appear in{' '}
                  <Link to="/matches" className="font-semibold text-brand-800 underline">
                    your matches
                  </Link>
                  .
                </>
              }
            />
          )}
        </TabPanel>
      </Tabs>
    </Page>
  );
}
