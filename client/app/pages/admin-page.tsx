import { ShieldAlert } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
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

const tabClass =
  'whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold text-muted data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

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
      <Tabs.Root defaultValue="overview">
        <Tabs.List
          aria-label="Dashboard sections"
          className="mb-6 flex gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1"
        >
          {TABS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab stats={stats.data} />
        </Tabs.Content>
        <Tabs.Content value="feedback">
          <FeedbackTab />
        </Tabs.Content>
        <Tabs.Content value="profiles">
          <ProfilesTab />
        </Tabs.Content>
        <Tabs.Content value="items">
          <ItemsTab />
        </Tabs.Content>
        <Tabs.Content value="messages">
          <MessagesTab />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
