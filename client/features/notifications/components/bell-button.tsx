import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';

export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications';
  return `Notifications, ${unread > 99 ? 'more than 99' : unread} unread`;
}

/** The bell itself: its label says the unread count, a badge shows it. */
export function BellButton({
  unread,
  ...props
}: ComponentProps<typeof Button> & { unread: number }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={bellLabel(unread)}
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
