import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { OfferList } from '../../features/swaps/components/offer-list';
import { useMyOffers } from '../../features/swaps/my-offers';

export function MyOffersPage() {
  const { user } = useCurrentUser();
  const offers = useMyOffers(user?.id);

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
          <Tab value="received">Received ({offers.received.length})</Tab>
          <Tab value="made">Made ({offers.made.length})</Tab>
        </TabList>
        <TabPanel value="received" className="flex flex-col gap-4">
          <OfferList kind="received" requests={offers.received} all={offers.all} userId={user.id} />
        </TabPanel>
        <TabPanel value="made" className="flex flex-col gap-4">
          <OfferList kind="made" requests={offers.made} all={offers.all} userId={user.id} />
        </TabPanel>
      </Tabs>
    </Page>
  );
}
