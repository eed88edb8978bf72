import 'leaflet/dist/leaflet.css';
import { Circle, MapContainer, TileLayer } from 'react-leaflet';
import type { Item } from '../../../../shared/items';
import { useSiteConfig } from '../../site/api/site-config';

type Area = NonNullable<Item['area']>;

/** The south-west and north-east corners of the square around an area, for fitting the map. */
function boundsOf(area: Area): [[number, number], [number, number]] {
  const dLat = area.radiusKm / 111.32;
  const dLon = area.radiusKm / (111.32 * Math.cos((area.latitude * Math.PI) / 180));
  return [
    [area.latitude - dLat, area.longitude - dLon],
    [area.latitude + dLat, area.longitude + dLon],
  ];
}

/**
 * Loaded lazily: Leaflet is only fetched when someone looks at a map. A listing is shown as an
 * area, not a pin: the server only knows publicly a point near it, and the circle around that
 * point contains the real place.
 */
export default function LocationMap({ area, className }: { area: Area; className?: string }) {
  const { tileUrl } = useSiteConfig();
  return (
    <MapContainer
      bounds={boundsOf(area)}
      scrollWheelZoom={false}
      className={className}
      attributionControl
    >
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" />
      <Circle
        center={[area.latitude, area.longitude]}
        radius={area.radiusKm * 1000}
        pathOptions={{ color: '#0f766e', fillOpacity: 0.15, weight: 2 }}
      />
    </MapContainer>
  );
}
