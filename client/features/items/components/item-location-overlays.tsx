import { X } from 'lucide-react';
import { Dialog, Popover } from 'radix-ui';
import { lazy, type RefObject, Suspense } from 'react';
import type { Item } from '../../../../shared/items';
import { Button } from '../../../components/ui/button';
import { withParts } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

const LocationMap = lazy(withParts(() => import('./location-map')));

// The listing area's English is already in: item-location.tsx, which loads this, brings it.
function MapOrNotFound({ item, className }: { item: Item; className: string }) {
  const { _ } = useI18n();
  if (!item.area) {
    return (
      <p className="flex h-full items-center justify-center p-4 text-sm text-muted">
        {_('listing.locationNotFound')}
      </p>
    );
  }
  return (
    <Suspense fallback={<div className={className} aria-busy="true" />}>
      <LocationMap area={item.area} className={className} />
    </Suspense>
  );
}

/**
 * The location's hover map (a popover anchored on ItemLocation's button) and full-screen map
 * dialog. ItemLocation loads this module on the first hover, focus or tap of its button, so a
 * page of cards does not mount 24 Radix popovers and dialogs it may never show.
 */
export function ItemLocationOverlays({
  item,
  anchor,
  hoverOpen,
  onHoverOpenChange,
  onPopoverEnter,
  onPopoverLeave,
  dialogOpen,
  onDialogOpenChange,
}: {
  item: Item;
  anchor: RefObject<HTMLButtonElement | null>;
  hoverOpen: boolean;
  onHoverOpenChange: (open: boolean) => void;
  onPopoverEnter: () => void;
  onPopoverLeave: () => void;
  dialogOpen: boolean;
  onDialogOpenChange: (open: boolean) => void;
}) {
  const { _ } = useI18n();
  return (
    <>
      <Popover.Root open={hoverOpen && !dialogOpen} onOpenChange={onHoverOpenChange}>
        <Popover.Anchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
        <Popover.Portal>
          <Popover.Content
            side="top"
            sideOffset={6}
            onMouseEnter={onPopoverEnter}
            onMouseLeave={onPopoverLeave}
            onOpenAutoFocus={(event) => event.preventDefault()}
            className="z-40 w-64 overflow-hidden rounded-xl border border-line bg-white shadow-lg"
          >
            <div className="h-[150px]">
              <MapOrNotFound item={item} className="h-[150px] w-full" />
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>

      <Dialog.Root open={dialogOpen} onOpenChange={onDialogOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
          <Dialog.Content
            className="fixed inset-0 z-50 flex flex-col bg-white sm:inset-6 sm:rounded-2xl sm:shadow-xl"
            onCloseAutoFocus={(event) => {
              // The button is not a Radix trigger: focus goes back to it by hand.
              event.preventDefault();
              anchor.current?.focus();
            }}
          >
            <div className="flex items-center justify-between gap-4 border-b border-line px-4 py-3">
              <Dialog.Title className="truncate text-lg font-bold">
                {_('listing.locationTitle', { location: item.location })}
              </Dialog.Title>
              <Dialog.Description className="sr-only">
                {_('listing.mapAround', { location: item.location })}
              </Dialog.Description>
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={_('listing.closeMap')}>
                  <X className="size-5" aria-hidden />
                </Button>
              </Dialog.Close>
            </div>
            <div className="min-h-0 flex-1">
              <MapOrNotFound item={item} className="h-full w-full" />
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
