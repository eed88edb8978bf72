import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { Translator } from '../../../../shared/i18n/translator';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/use-i18n';

/** The bell's name: it says how many are unread (the badge stops at 99+, so does this). */
export function bellLabel(unread: number, _: Translator['_']): string {
  return unread > 99 ? _('header.bellMany') : _('header.bell', { unread });
}

/** The bell itself: its label says the unread count, a badge shows it. */
export function BellButton({
  unread,
  ...props
}: ComponentProps<typeof Button> & { unread: number }) {
  const { _ } = useI18n();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={bellLabel(unread, _)}
      className="relative"
      {...props}
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 && (
        <span
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs font-bold leading-5 text-white"
          aria-hidden
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Button>
  );
}
