import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import { useSiteConfig } from '../../site/api/site-config';

/** Loaded lazily: Leaflet is only fetched when someone looks at a map. */
export default function LocationMap({
  latitude,
  longitude,
  zoom,
  className,
}: {
  latitude: number;
  longitude: number;
  zoom: number;
  className?: string;
}) {
  const { tileUrl } = useSiteConfig();
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={zoom}
      scrollWheelZoom={false}
      className={className}
      attributionControl
    >
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" />
      <CircleMarker
        center={[latitude, longitude]}
        radius={10}
        pathOptions={{ color: '#0f766e', fillOpacity: 0.4 }}
      />
    </MapContainer>
  );
}
