import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import { mapDefaults } from '@crm/shared';
import type { LatLon } from '../lib/station-form-values';

/**
 * Everything that touches Leaflet lives in this module, which is only ever imported lazily: the map stack
 * loads when a map is first shown (the add-station modal, settings, the overview), never with the pages.
 */

// A drawn pin in the accent colour instead of Leaflet's image markers, whose URLs bundlers break.
const pin = L.divIcon({
  className: 'crm-map-pin',
  html: `<svg width="34" height="44" viewBox="0 0 34 44" aria-hidden="true"><path d="M17 43s15-15.2 15-26A15 15 0 0 0 2 17c0 10.8 15 26 15 26z" fill="var(--crm-accent, #7c3aed)" stroke="#fff" stroke-width="2.5"/><circle cx="17" cy="17" r="5.5" fill="#fff"/></svg>`,
  iconSize: [34, 44],
  iconAnchor: [17, 43],
});

export interface LeafletMapProps {
  tileUrl: string;
  point: LatLon | null;
  /** Where to look when there is no point yet. */
  fallbackCenter?: LatLon;
  onPick?(point: LatLon): void;
  height: number | string;
  interactive?: boolean;
  zoom?: number;
}

function ClickToPick({ onPick }: { onPick(point: LatLon): void }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lon: e.latlng.lng }) });
  return null;
}

/** Leaflet's own credit, kept plain. */
function PlainAttribution() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.setPrefix(
      '<a href="https://leafletjs.com" target="_blank" rel="noopener">Leaflet</a>',
    );
  }, [map]);
  return null;
}

/** Keeps the view on the point when it moves (a suggestion, geolocation). */
function FollowPoint({ point }: { point: LatLon | null }) {
  const map = useMap();
  useEffect(() => {
    if (point) map.setView([point.lat, point.lon], Math.max(map.getZoom(), 15), { animate: true });
  }, [map, point]);
  return null;
}

export default function LeafletMap({
  tileUrl,
  point,
  fallbackCenter = mapDefaults.center,
  onPick,
  height,
  interactive = true,
  zoom = mapDefaults.zoom,
}: LeafletMapProps) {
  const center = point ?? fallbackCenter;
  const osm = tileUrl.includes('openstreetmap');
  return (
    <MapContainer
      center={[center.lat, center.lon]}
      zoom={zoom}
      minZoom={mapDefaults.minZoom}
      maxZoom={mapDefaults.maxZoom}
      style={{ height, width: '100%' }}
      className="crm-map"
      scrollWheelZoom={interactive}
      dragging={interactive}
      doubleClickZoom={interactive}
      zoomControl={interactive}
      keyboard={interactive}
      attributionControl={osm}
    >
      <TileLayer
        url={tileUrl}
        maxZoom={mapDefaults.maxZoom}
        attribution={osm ? '&copy; участники OpenStreetMap' : undefined}
      />
      {point && <Marker position={[point.lat, point.lon]} icon={pin} keyboard={false} />}
      {onPick && <ClickToPick onPick={onPick} />}
      <FollowPoint point={point} />
      {osm && <PlainAttribution />}
    </MapContainer>
  );
}
