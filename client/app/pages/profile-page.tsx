import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.profile';
import { Button } from '../../components/ui/button';
import { lazyTab } from '../../components/ui/lazy-tab';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page } from '../../components/ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { ProfileCard } from '../../features/users/components/profile-card';
import { ProfileListingsTab } from '../../features/users/components/profile-listings-tab';
import { ProfileNotFound } from '../../features/users/components/profile-not-found';
import { useProfileView } from '../../features/users/profile-view';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('profile', englishMessages);

// The listings show first; the other tabs load when opened.
const ProfileFeedbackTab = lazyTab(
  () => import('../../features/users/components/profile-feedback-tab'),
  'ProfileFeedbackTab',
);
const ProfileActivityTab = lazyTab(
  () => import('../../features/users/components/profile-activity-tab'),
  'ProfileActivityTab',
);

export function ProfilePage() {
  const { _ } = useI18n();
  const { id } = useParams();
  const profile = useProfileView(id);
  // Kept here, above the loading screen, so the open tab survives moving to another profile.
  const [tab, setTab] = useState('listings');

  if (profile.status === 'loading') return <LoadingScreen label={_('header.loading')} />;
  if (profile.status === 'missing') return <ProfileNotFound />;
  const { view } = profile;

  return (
    <Page>
      <Button asChild variant="ghost" size="sm" className="mb-4">
        <Link to="/">{_('profile.backHome')}</Link>
      </Button>
      <ProfileCard view={view} />
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabList label={_('profile.tabs')}>
          <Tab value="listings">{_('profile.listingsTab', { count: view.listings.length })}</Tab>
          <Tab value="feedback">
            {_('profile.feedbackTab', { count: view.rating.totalRatings })}
          </Tab>
          <Tab value="activity">{_('profile.activityTab')}</Tab>
        </TabList>
        <TabPanel value="listings">
          <ProfileListingsTab
            listings={view.listings}
            isOwner={!!view.own}
            viewer={view.viewer ?? null}
            name={view.name}
          />
        </TabPanel>
        <TabPanel value="feedback">
          <ProfileFeedbackTab reviews={view.reviews} />
        </TabPanel>
        <TabPanel value="activity">
          <ProfileActivityTab userId={view.id} />
        </TabPanel>
      </Tabs>
    </Page>
  );
}
