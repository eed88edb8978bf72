import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.chat';
import type { Locale } from '../../../../shared/i18n/locales';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useMeetingPlaceSuggestions } from '../api/meeting-places';

addMessages('chat', englishMessages);

// Distances in the page's language (5.5 km, 5,5 km, ٥٫٥ كم), a formatter per language on first use.
const kmFormats = new Map<Locale, Intl.NumberFormat>();
const km = (distance: number, locale: Locale) => {
  let format = kmFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    kmFormats.set(locale, format);
  }
  return format.format(distance);
};

/**
 * "Safe places to meet" in an offer's chat: the admins' places nearest both members, with the
 * farther member's distance. Nothing at all while there are none (or they cannot be loaded):
 * it is advice, and the chat must not wait for it.
 */
export function MeetingPlaceSuggestions({
  swapRequestId,
  open,
}: {
  swapRequestId: number;
  open: boolean;
}) {
  const places = useMeetingPlaceSuggestions(swapRequestId, open);
  const headingId = useId();
  const { _, locale } = useI18n();
  if (!places.data?.length) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mb-3 rounded-xl border border-line bg-white p-3 text-sm"
    >
      <h3 id={headingId} className="flex items-center gap-1.5 font-semibold">
        <MapPin className="size-4 shrink-0" aria-hidden /> {_('chat.places')}
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {places.data.map((place) => (
          <li key={place.id} className="min-w-0">
            <p className="break-words font-medium">{place.name}</p>
            <p className="break-words text-muted">
              {_('chat.placeDistance', {
                address: place.address,
                km: km(place.distanceKm, locale),
              })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
