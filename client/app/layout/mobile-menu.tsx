import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ClientUser } from '../../../shared/auth.schemas';
import { Button } from '../../components/ui/button';
import { logout } from '../../features/auth/api/auth-mutations';
import { SIGNED_IN_LINKS, SIGNED_OUT_LINKS } from './nav-links';

const linkClass =
  'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium hover:bg-brand-50';

/** The menu itself, open when it first mounts; header.tsx loads it on first use (MobileMenuButton). */
export function MobileMenu({ user }: { user: ClientUser | null }) {
  const [open, setOpen] = useState(true);
  const navigate = useNavigate();
  const close = () => setOpen(false);
  const links = user
    ? [
        ...SIGNED_IN_LINKS,
        { to: '/notifications', label: 'Notifications' },
        { to: '/alerts', label: 'Want alerts' },
        { to: '/settings', label: 'Settings' },
        { to: '/settings/notifications', label: 'Notification settings' },
      ]
    : [...SIGNED_OUT_LINKS, { to: '/how-it-works', label: 'How it works' }];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="lg:hidden">
          <Menu className="size-6" aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-2 bg-white p-5 shadow-xl">
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="size-6" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          {user && (
            <div className="mb-2 rounded-xl bg-brand-50 px-3 py-2">
              <p className="truncate font-semibold">{user.nickname || user.email}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
            </div>
          )}
          <nav aria-label="Mobile" className="flex flex-col">
            {links.map(({ to, label, icon: Icon }) => (
              <Link key={to} to={to} onClick={close} className={linkClass}>
                {Icon && <Icon className="size-5 text-brand-700" aria-hidden />}
                {label}
              </Link>
            ))}
          </nav>
          <div className="mt-auto flex flex-col gap-2">
            {user ? (
              <Button variant="outline" onClick={() => void logout(navigate)}>
                Log out
              </Button>
            ) : (
              <>
                <Button asChild>
                  <Link to="/auth" onClick={close}>
                    Sign in
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/auth?mode=register" onClick={close}>
                    Register
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
