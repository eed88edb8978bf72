import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { useAdminStats } from '../../features/admin/api/admin';
import {
  FeedbackTab,
  ItemsTab,
  MessagesTab,
  ProfilesTab,
  ReportsTab,
} from '../../features/admin/components/moderation-tabs';
import { OverviewTab } from '../../features/admin/components/overview-tab';
import { useCurrentUser } from '../../features/auth/api/current-user';

const TABS = [
  ['overview', 'Overview'],
  ['feedback', 'All Feedback'],
  ['profiles', 'All Profiles'],
  ['items', 'All Items'],
  ['messages', 'All Messages'],
  ['reports', 'Reports'],
] as const;

export function AdminPage() {
  const { user } = useCurrentUser();
  const stats = useAdminStats();
  if (user?.isAdmin && stats.isPending) return <LoadingScreen />;
  // SPEC §6: non-admins, and any failure to load the stats, see Access Denied.
  if (!user?.isAdmin || stats.isError || !stats.data) {
    return (
      <Page narrow>
        <EmptyState
          icon={ShieldAlert}
          title="Access Denied"
          text="Access Denied: You need admin privileges to view this dashboard."
        >
          <Button asChild>
            <Link to="/">Back to Home</Link>
          </Button>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle lead="Statistics and moderation tools.">Admin Dashboard</PageTitle>
      <Tabs defaultValue="overview">
        <TabList label="Dashboard sections" layout="scroll">
          {TABS.map(([value, label]) => (
            <Tab key={value} value={value}>
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanel value="overview">
          <OverviewTab stats={stats.data} />
        </TabPanel>
        <TabPanel value="feedback">
          <FeedbackTab />
        </TabPanel>
        <TabPanel value="profiles">
          <ProfilesTab />
        </TabPanel>
        <TabPanel value="items">
          <ItemsTab />
        </TabPanel>
        <TabPanel value="messages">
          <MessagesTab />
        </TabPanel>
        <TabPanel value="reports">
          <ReportsTab />
        </TabPanel>
      </Tabs>
    </Page>
  );
}
