import { Camera } from 'lucide-react';
import { useState } from 'react';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { OnceOpened } from '../../../components/ui/once-opened';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { addMessages } from '../../../lib/i18n';
import { lazyNamed } from '../../../lib/lazy-named';
import { prefetchOnApproach } from '../../../lib/prefetch';
import { useI18n } from '../../../lib/use-i18n';
import type { ProfileView } from '../profile-view';

addMessages('profile', englishMessages);

const loadPictureDialog = () => import('./change-picture-dialog');
const ChangePictureDialog = lazyNamed(loadPictureDialog, 'ChangePictureDialog');

/** The big avatar; on your own profile, with the button that changes it. */
export function ProfileAvatar({
  person,
  own,
}: {
  person: ProfileView['person'];
  own: ClientUser | null;
}) {
  const { _ } = useI18n();
  const [pictureOpen, setPictureOpen] = useState(false);
  return (
    <div className="relative w-fit">
      <UserAvatar user={person} label={_('avatar.label')} size={112} className="text-5xl" />
      {own && (
        <>
          <button
            type="button"
            onClick={() => setPictureOpen(true)}
            {...prefetchOnApproach(loadPictureDialog)}
            aria-label={_('profile.changePicture')}
            className="absolute bottom-0 end-0 inline-flex size-10 items-center justify-center rounded-full border border-line bg-white shadow hover:bg-brand-50"
          >
            <Camera className="size-5" aria-hidden />
          </button>
          <OnceOpened open={pictureOpen}>
            <ChangePictureDialog
              open={pictureOpen}
              onOpenChange={setPictureOpen}
              current={own.profileImageUrl}
            />
          </OnceOpened>
        </>
      )}
    </div>
  );
}
