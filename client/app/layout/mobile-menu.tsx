import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ClientUser } from '../../../shared/auth.schemas';
import { Button } from '../../components/ui/button';
import { logout } from '../../features/auth/api/auth-mutations';
import { useI18n } from '../../lib/use-i18n';
import { SIGNED_IN_LINKS } from './member-links';
import { SIGNED_OUT_LINKS } from './nav-links';

const linkClass =
  'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium hover:bg-brand-50';

/** The menu itself, open when it first mounts; header.tsx loads it on first use (MobileMenuButton). */
export function MobileMenu({ user }: { user: ClientUser | null }) {
  const [open, setOpen] = useState(true);
  const navigate = useNavigate();
  const close = () => setOpen(false);
  const { _ } = useI18n();
  const links = user
    ? [
        ...SIGNED_IN_LINKS,
        { to: '/notifications', label: 'nav.notifications' as const },
        { to: '/alerts', label: 'nav.wantAlerts' as const },
        { to: '/settings', label: 'nav.settings' as const },
        { to: '/settings/notifications', label: 'nav.notificationSettings' as const },
      ]
    : [...SIGNED_OUT_LINKS, { to: '/how-it-works', label: 'nav.howItWorks' as const }];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={_('menu.open')} className="lg:hidden">
          <Menu className="size-6" aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 end-0 z-50 flex w-[85vw] max-w-sm flex-col gap-2 bg-white p-5 shadow-xl">
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{_('menu.title')}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={_('menu.close')}>
                <X className="size-6" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{_('menu.description')}</Dialog.Description>
          {user && (
            <div className="mb-2 rounded-xl bg-brand-50 px-3 py-2">
              <p className="truncate font-semibold">{user.nickname || user.email}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
            </div>
          )}
          <nav aria-label={_('menu.nav')} className="flex flex-col">
            {links.map(({ to, label, icon: Icon }) => (
              <Link key={to} to={to} onClick={close} className={linkClass}>
                {Icon && <Icon className="size-5 text-brand-700" aria-hidden />}
                {_(label)}
              </Link>
            ))}
          </nav>
          <div className="mt-auto flex flex-col gap-2">
            {user ? (
              <Button variant="outline" onClick={() => void logout(navigate)}>
                {_('nav.logOut')}
              </Button>
            ) : (
              <>
                <Button asChild>
                  <Link to="/auth" onClick={close}>
                    {_('header.signIn')}
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/auth?mode=register" onClick={close}>
                    {_('header.register')}
                  </Link>
                </Button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
