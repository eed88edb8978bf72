import { MapPin, X } from 'lucide-react';
import { Dialog, Popover } from 'radix-ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Item } from '../../../../shared/items';
import { Button } from '../../../components/ui/button';

const LocationMap = lazy(() => import('./location-map'));

/** SPEC §4: the hover popup opens 200 ms after entering and closes 200 ms after leaving. */
export const MAP_HOVER_DELAY_MS = 200;

function MapOrNotFound({ item, className }: { item: Item; className: string }) {
  if (!item.area) {
    return (
      <p className="flex h-full items-center justify-center p-4 text-sm text-muted">
        Location not found
      </p>
    );
  }
  return (
    <Suspense fallback={<div className={className} aria-busy="true" />}>
      <LocationMap area={item.area} className={className} />
    </Suspense>
  );
}

export function ItemLocation({ item }: { item: Item }) {
  const [hoverOpen, setHoverOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!item.location) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted">
        <MapPin className="size-4 shrink-0" aria-hidden /> Location not specified
      </p>
    );
  }
  const later = (open: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHoverOpen(open), MAP_HOVER_DELAY_MS);
  };

  return (
    <>
      <Popover.Root open={hoverOpen && !dialogOpen} onOpenChange={setHoverOpen}>
        <Popover.Anchor asChild>
          <button
            type="button"
            onMouseEnter={() => later(true)}
            onMouseLeave={() => later(false)}
            onClick={() => {
              clearTimeout(timer.current);
              setHoverOpen(false);
              setDialogOpen(true);
            }}
            className="flex max-w-full items-center gap-1.5 rounded text-left text-sm text-muted hover:text-brand-800 hover:underline"
            aria-label={`${item.location}: show on a map`}
          >
            <MapPin className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{item.location}</span>
          </button>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            side="top"
            sideOffset={6}
            onMouseEnter={() => clearTimeout(timer.current)}
            onMouseLeave={() => later(false)}
            onOpenAutoFocus={(event) => event.preventDefault()}
            className="z-40 w-64 overflow-hidden rounded-xl border border-line bg-white shadow-lg"
          >
            <div className="h-[150px]">
              <MapOrNotFound item={item} className="h-[150px] w-full" />
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>

      <Dialog.Root open={dialogOpen} onOpenChange={setDialogOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
          <Dialog.Content className="fixed inset-0 z-50 flex flex-col bg-white sm:inset-6 sm:rounded-2xl sm:shadow-xl">
            <div className="flex items-center justify-between gap-4 border-b border-line px-4 py-3">
              <Dialog.Title className="truncate text-lg font-bold">
                Location: {item.location}
              </Dialog.Title>
              <Dialog.Description className="sr-only">
                Map around {item.location}
              </Dialog.Description>
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close map">
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
