import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ClientUser } from '../../../shared/auth.schemas';
import { Button } from '../../components/ui/button';
import { prefetchOnApproach } from '../../lib/prefetch';
import { useI18n } from '../../lib/use-i18n';

const loadMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMenu()).MobileMenu }));

/**
 * The small-screen menu button. The menu (a Radix dialog with focus trap and scroll lock, a
 * tenth of the home route's script) is fetched when the pointer or focus reaches the button and
 * opens on the first tap, as the account menu does.
 */
export function MobileMenuButton({ user }: { user: ClientUser | null }) {
  const [wanted, setWanted] = useState(false);
  const { _ } = useI18n();
  const button = (busy: boolean) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={_('menu.open')}
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={busy || undefined}
      className="lg:hidden"
      {...prefetchOnApproach(loadMenu)}
      onClick={() => setWanted(true)}
    >
      <Menu className="size-6" aria-hidden />
    </Button>
  );
  if (!wanted) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <MobileMenu user={user} />
    </Suspense>
  );
}
