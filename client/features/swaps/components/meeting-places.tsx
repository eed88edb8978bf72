import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { useMeetingPlaceSuggestions } from '../api/meeting-places';

const km = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

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
  if (!places.data?.length) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mb-3 rounded-xl border border-line bg-white p-3 text-sm"
    >
      <h3 id={headingId} className="flex items-center gap-1.5 font-semibold">
        <MapPin className="size-4 shrink-0" aria-hidden /> Safe places to meet
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {places.data.map((place) => (
          <li key={place.id} className="min-w-0">
            <p className="break-words font-medium">{place.name}</p>
            <p className="break-words text-muted">
              {place.address} · {km.format(place.distanceKm)} km from either of you at most
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
