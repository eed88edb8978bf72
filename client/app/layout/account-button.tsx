import { lazy, Suspense, useState } from 'react';
import type { ClientUser } from '../../../shared/auth.schemas';
import { UserAvatar } from '../../components/ui/user-avatar';
import { prefetchOnApproach } from '../../lib/prefetch';
import { useI18n } from '../../lib/use-i18n';
import { ACCOUNT_BUTTON_CLASS } from './account-button-class';

const loadMenu = () => import('./avatar-menu');
const AvatarMenu = lazy(async () => ({ default: (await loadMenu()).AvatarMenu }));

/**
 * The header's avatar. The account menu (a Radix dropdown with its positioning engine, a fifth of
 * the home page's script) is fetched when the pointer or focus reaches the avatar and opens on
 * the first click, as the notification bell's panel does.
 */
export function AccountMenuButton({ user }: { user: ClientUser }) {
  const [wanted, setWanted] = useState(false);
  const { _ } = useI18n();
  const button = (busy: boolean) => (
    <button
      type="button"
      className={ACCOUNT_BUTTON_CLASS}
      aria-label={_('header.accountMenu')}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      {...prefetchOnApproach(loadMenu)}
      onClick={() => setWanted(true)}
    >
      <UserAvatar user={user} label={_('avatar.label')} size={38} />
    </button>
  );
  if (!wanted) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <AvatarMenu user={user} />
    </Suspense>
  );
}
