import { Repeat } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.offers';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { useMyCircles } from '../../features/circles/api/circles';
import { OfferList, OlderOffersButton } from '../../features/swaps/components/offer-list';
import { useMyOffers } from '../../features/swaps/my-offers';
import { formatCount } from '../../lib/format';
import { addMessages } from '../../lib/i18n';
import { lazyNamed } from '../../lib/lazy-named';
import { richMessage } from '../../lib/rich-text';
import { useI18n } from '../../lib/use-i18n';

addMessages('offers', englishMessages);

// A member's circles show on the third tab only: their code and words come when it opens.
const CircleSummaryCard = lazyNamed(
  () => import('../../features/circles/components/circle-parts'),
  'CircleSummaryCard',
);

export function MyOffersPage() {
  const { user } = useCurrentUser();
  const offers = useMyOffers(user?.id);
  const circles = useMyCircles(Boolean(user));
  const { _, locale } = useI18n();
  // English writes the counts as it always has (1234, no grouping); other languages group them.
  const count = (n: number) => ({ count: locale === 'en' ? n : formatCount(n, locale) });

  if (!user) {
    return <SignInPrompt title={_('offers.signInTitle')} text={_('offers.signInText')} />;
  }
  if (offers.isPending) return <LoadingScreen label={_('header.loading')} />;

  return (
    <Page>
      <PageTitle lead={_('offers.lead')}>{_('offers.title')}</PageTitle>
      <Tabs defaultValue="received">
        <TabList label={_('offers.tabs')}>
          <Tab value="received">{_('offers.tab.received', count(offers.counts.received))}</Tab>
          <Tab value="made">{_('offers.tab.made', count(offers.counts.made))}</Tab>
          <Tab value="circles">{_('offers.tab.circles', count(circles.data?.length ?? 0))}</Tab>
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
            <Suspense fallback={<LoadingScreen label={_('header.loading')} />}>
              {circles.data.map((circle) => (
                <CircleSummaryCard key={circle.id} circle={circle} me={user.id} />
              ))}
            </Suspense>
          ) : (
            <EmptyState
              icon={Repeat}
              title={_('offers.noCircles.title')}
              text={richMessage(
                _,
                'offers.noCircles.text',
                {},
                {
                  link: (
                    <Link to="/matches" className="font-semibold text-brand-800 underline">
                      {_('offers.noCircles.link')}
                    </Link>
                  ),
                },
              )}
            />
          )}
        </TabPanel>
      </Tabs>
    </Page>
  );
}
