import { Bell, LayoutDashboard, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { Button } from '../../../components/ui/button';
import { OnceOpened } from '../../../components/ui/once-opened';
import { addMessages } from '../../../lib/i18n';
import { lazyNamed } from '../../../lib/lazy-named';
import { prefetchOnApproach } from '../../../lib/prefetch';
import { useI18n } from '../../../lib/use-i18n';
import { BlockButton } from '../../blocks/components/block-button';
import { ReportMemberButton } from '../../reports/components/report-member-dialog';
import type { ProfileView } from '../profile-view';
import { SendMessageButton } from './send-message-button';

addMessages('profile', englishMessages);

const loadEditDialog = () => import('./edit-profile-dialog');
const EditProfileDialog = lazyNamed(loadEditDialog, 'EditProfileDialog');

function OwnProfileActions({ own }: { own: ClientUser }) {
  const { _ } = useI18n();
  const [editOpen, setEditOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setEditOpen(true)}
        {...prefetchOnApproach(loadEditDialog)}
      >
        <Pencil className="size-4" aria-hidden /> {_('profile.editProfile')}
      </Button>
      <Button asChild variant="outline">
        <Link to="/settings/notifications">
          <Bell className="size-4" aria-hidden /> {_('profile.notificationsAndAlerts')}
        </Link>
      </Button>
      {own.isAdmin && (
        <Button asChild variant="secondary">
          <Link to="/admin">
            <LayoutDashboard className="size-4" aria-hidden /> {_('profile.adminDashboard')}
          </Link>
        </Button>
      )}
      <OnceOpened open={editOpen}>
        <EditProfileDialog user={own} open={editOpen} onOpenChange={setEditOpen} />
      </OnceOpened>
    </>
  );
}

/**
 * Edit Profile (and the dashboard for admins) on your own profile; Send Message on anyone else's,
 * and for a signed-in member, Report this member and Block this member (or Unblock).
 */
export function ProfileActions({ view }: { view: ProfileView }) {
  return (
    <div className="mt-5 flex flex-wrap gap-2">
      {view.own ? (
        <OwnProfileActions own={view.own} />
      ) : (
        <>
          <SendMessageButton
            viewer={view.viewer}
            profileId={view.person.id}
            name={view.name}
            listings={view.listings}
          />
          {view.viewer && <ReportMemberButton userId={view.person.id} name={view.name} />}
          {view.viewer && <BlockButton userId={view.person.id} name={view.name} />}
        </>
      )}
    </div>
  );
}
