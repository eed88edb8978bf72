import { messages as englishMessages } from '../../../shared/i18n/compiled/en.admin';
import { canModerate } from '../../../shared/policies/decision';
import { lazyTab } from '../../components/ui/lazy-tab';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { useAdminStats } from '../../features/admin/api/admin';
import { AccessDenied } from '../../features/admin/components/access-denied';
import { OverviewTab } from '../../features/admin/components/overview-tab';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('admin', englishMessages);

// Every tab but the first loads when opened.
const BlockedPhotosTab = lazyTab(
  () => import('../../features/admin/components/blocked-photos-tab'),
  'BlockedPhotosTab',
);
const FederationTab = lazyTab(
  () => import('../../features/admin/components/federation-tab'),
  'FederationTab',
);
const FeedbackTab = lazyTab(
  () => import('../../features/admin/components/feedback-tab'),
  'FeedbackTab',
);
const ItemsTab = lazyTab(() => import('../../features/admin/components/items-tab'), 'ItemsTab');
const MeetingPlacesTab = lazyTab(
  () => import('../../features/admin/components/meeting-places-tab'),
  'MeetingPlacesTab',
);
const MemberReportsTab = lazyTab(
  () => import('../../features/admin/components/member-reports-tab'),
  'MemberReportsTab',
);
const MessagesTab = lazyTab(
  () => import('../../features/admin/components/messages-tab'),
  'MessagesTab',
);
const ProblemsTab = lazyTab(
  () => import('../../features/admin/components/problems-tab'),
  'ProblemsTab',
);
const ProfilesTab = lazyTab(
  () => import('../../features/admin/components/profiles-tab'),
  'ProfilesTab',
);
const ReportsTab = lazyTab(
  () => import('../../features/admin/components/reports-tab'),
  'ReportsTab',
);

// Each tab's value, and its name's case in the catalog's select (ICU keys take no hyphens).
const TABS = [
  ['overview', 'overview'],
  ['feedback', 'feedback'],
  ['profiles', 'profiles'],
  ['items', 'items'],
  ['messages', 'messages'],
  ['reports', 'reports'],
  ['member-reports', 'memberReports'],
  ['problems', 'problems'],
  ['blocked-photos', 'blockedPhotos'],
  ['meeting-places', 'meetingPlaces'],
  ['federation', 'federation'],
] as const;

export function AdminPage() {
  const { user } = useCurrentUser();
  const stats = useAdminStats();
  const allowed = canModerate(user ?? null).ok;
  const { _ } = useI18n();
  if (allowed && stats.isPending) return <LoadingScreen label={_('header.loading')} />;
  // SPEC §6: non-admins, and any failure to load the stats, see Access Denied.
  if (!allowed || stats.isError || !stats.data) return <AccessDenied />;
  return (
    <Page>
      <PageTitle lead={_('admin.lead')}>{_('admin.title')}</PageTitle>
      <Tabs defaultValue="overview">
        <TabList label={_('admin.sections')} layout="scroll">
          {TABS.map(([value, tab]) => (
            <Tab key={value} value={value}>
              {_('admin.tab', { tab })}
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
        <TabPanel value="member-reports">
          <MemberReportsTab />
        </TabPanel>
        <TabPanel value="problems">
          <ProblemsTab />
        </TabPanel>
        <TabPanel value="blocked-photos">
          <BlockedPhotosTab />
        </TabPanel>
        <TabPanel value="meeting-places">
          <MeetingPlacesTab />
        </TabPanel>
        <TabPanel value="federation">
          <FederationTab />
        </TabPanel>
      </Tabs>
    </Page>
  );
}
