import { MapPin } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing';
import type { Item } from '../../../../shared/items';
import { addMessages, withParts } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('listing', englishMessages);

export const loadLocationOverlays = withParts(() => import('./item-location-overlays'));
const ItemLocationOverlays = lazy(async () => ({
  default: (await loadLocationOverlays()).ItemLocationOverlays,
}));

/** SPEC §4: the hover popup opens 200 ms after entering and closes 200 ms after leaving. */
export const MAP_HOVER_DELAY_MS = 200;

/**
 * An item's location: a button that shows a small map on hover and a full map when pressed.
 * The popover and dialog (Radix, item-location-overlays.tsx) are fetched and mounted on the first
 * hover, focus or tap, so a page of cards renders plain buttons.
 */
export function ItemLocation({ item }: { item: Item }) {
  const { _ } = useI18n();
  const [wanted, setWanted] = useState(false);
  const [hoverOpen, setHoverOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!item.location) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted">
        <MapPin className="size-4 shrink-0" aria-hidden /> {_('listing.noLocation')}
      </p>
    );
  }
  const later = (open: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHoverOpen(open), MAP_HOVER_DELAY_MS);
  };

  return (
    <>
      <button
        ref={anchor}
        type="button"
        onMouseEnter={() => {
          setWanted(true);
          later(true);
        }}
        onMouseLeave={() => later(false)}
        onFocus={() => void loadLocationOverlays()}
        onClick={() => {
          clearTimeout(timer.current);
          setWanted(true);
          setHoverOpen(false);
          setDialogOpen(true);
        }}
        aria-haspopup="dialog"
        className="flex max-w-full items-center gap-1.5 rounded text-start text-sm text-muted hover:text-brand-800 hover:underline"
        aria-label={_('listing.showOnMap', { location: item.location })}
      >
        <MapPin className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{item.location}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ItemLocationOverlays
            item={item}
            anchor={anchor}
            hoverOpen={hoverOpen}
            onHoverOpenChange={setHoverOpen}
            onPopoverEnter={() => clearTimeout(timer.current)}
            onPopoverLeave={() => later(false)}
            dialogOpen={dialogOpen}
            onDialogOpenChange={setDialogOpen}
          />
        </Suspense>
      )}
    </>
  );
}
