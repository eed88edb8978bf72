import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page } from '../../components/ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { ProfileActivityTab } from '../../features/users/components/profile-activity-tab';
import { ProfileCard } from '../../features/users/components/profile-card';
import { ProfileFeedbackTab } from '../../features/users/components/profile-feedback-tab';
import { ProfileListingsTab } from '../../features/users/components/profile-listings-tab';
import { ProfileNotFound } from '../../features/users/components/profile-not-found';
import { useProfileView } from '../../features/users/profile-view';

export function ProfilePage() {
  const { id } = useParams();
  const profile = useProfileView(id);
  // Kept here, above the loading screen, so the open tab survives moving to another profile.
  const [tab, setTab] = useState('listings');

  if (profile.status === 'loading') return <LoadingScreen />;
  if (profile.status === 'missing') return <ProfileNotFound />;
  const { view } = profile;

  return (
    <Page>
      <Button asChild variant="ghost" size="sm" className="mb-4">
        <Link to="/">Back to Home</Link>
      </Button>
      <ProfileCard view={view} />
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabList label="Profile">
          <Tab value="listings">Listings ({view.listings.length})</Tab>
          <Tab value="feedback">Feedback ({view.rating.totalRatings})</Tab>
          <Tab value="activity">Activity</Tab>
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
