import { Bell, BellRing, LogOut, Settings, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import type { ClientUser } from '../../../shared/auth.schemas';
import { UserAvatar } from '../../components/ui/user-avatar';
import { logout } from '../../features/auth/api/auth-mutations';
import { useI18n } from '../../lib/use-i18n';
import { ACCOUNT_BUTTON_CLASS } from './account-button-class';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-50';

/** The account menu itself; header.tsx loads it on first use (see AccountMenuButton). */
export function AvatarMenu({ user }: { user: ClientUser }) {
  const navigate = useNavigate();
  const { _ } = useI18n();
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger className={ACCOUNT_BUTTON_CLASS} aria-label={_('header.accountMenu')}>
        <UserAvatar user={user} label={_('avatar.label')} size={38} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-line bg-white p-1.5 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate font-semibold">{user.nickname || user.email}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/profile')}>
            <User className="size-4" aria-hidden /> {_('nav.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/settings')}>
            <Settings className="size-4" aria-hidden /> {_('nav.settings')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => navigate('/settings/notifications')}
          >
            <Bell className="size-4" aria-hidden /> {_('nav.notificationSettings')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/alerts')}>
            <BellRing className="size-4" aria-hidden /> {_('nav.wantAlerts')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logout(navigate)}>
            <LogOut className="size-4" aria-hidden /> {_('nav.logOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
