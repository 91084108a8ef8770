"use client";

import "maplibre-gl/dist/maplibre-gl.css";
import type { GeoJSONSource, MapGeoJSONFeature } from "maplibre-gl";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import MapLibreMap, {
  Layer,
  type MapLayerMouseEvent,
  type MapRef,
  Marker,
  NavigationControl,
  Popup,
  Source,
} from "react-map-gl/maplibre";
import { fillText } from "@/lib/i18n/island-texts";
import {
  boundsOf,
  hasCoordinates,
  sameBounds,
  type TBounds,
  type TMapOrganization,
  toFeatureCollection,
} from "@/lib/social-map/bounds";

import "@/lib/map/maplibre-worker";

const SOURCE = "organizations";
// The Netherlands, when a site has nothing on its map yet.
const NETHERLANDS: [number, number, number, number] = [3.3, 50.75, 7.25, 53.55];

type Props = {
  organizations: TMapOrganization[];
  styleUrl: string;
  /** "{count} organisations, zoom in", resolved on the server. */
  clusterLabel: string;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onBounds: (bounds: TBounds) => void;
  onReady: () => void;
  onFail: () => void;
};

type TCluster = { id: number; count: number; longitude: number; latitude: number };

/**
 * The map itself (loaded by social-map-panel.tsx only): a clustered GeoJSON source drawn
 * with circle layers. The bundled offline style has no glyphs, so a cluster's count is an
 * HTML button over its circle (readable, focusable: it zooms in) rather than a symbol layer.
 */
export default function SocialMapView({
  organizations,
  styleUrl,
  clusterLabel,
  selectedId,
  onSelect,
  onBounds,
  onReady,
  onFail,
}: Props) {
  const mapRef = useRef<MapRef>(null);
  const lastBounds = useRef<TBounds | null>(null);
  const [clusters, setClusters] = useState<TCluster[]>([]);
  const data = useMemo(() => toFeatureCollection(organizations), [organizations]);
  const byId = useMemo(
    () => new Map(organizations.filter(hasCoordinates).map((o) => [o.id, o])),
    [organizations],
  );
  const selected = selectedId ? byId.get(selectedId) : undefined;
  const initial = useMemo((): [number, number, number, number] => {
    const b = boundsOf(organizations);
    return b ? [b.west, b.south, b.east, b.north] : NETHERLANDS;
  }, [organizations]);

  const report = useCallback(() => {
    const map = mapRef.current;
    if (!map) return;
    const b = map.getBounds();
    const next = { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
    if (!sameBounds(lastBounds.current, next)) {
      lastBounds.current = next;
      onBounds(next);
    }
    const seen = new Set<number>();
    const found: TCluster[] = [];
    for (const feature of map.querySourceFeatures(SOURCE) as MapGeoJSONFeature[]) {
      const props = feature.properties as {
        cluster?: boolean;
        cluster_id?: number;
        point_count?: number;
      };
      if (!props.cluster || props.cluster_id === undefined || seen.has(props.cluster_id)) continue;
      if (feature.geometry.type !== "Point") continue;
      seen.add(props.cluster_id);
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      found.push({ id: props.cluster_id, count: props.point_count ?? 0, longitude, latitude });
    }
    setClusters(found);
  }, [onBounds]);

  // Choosing an organisation in the list flies there; its popup opens at once.
  useEffect(() => {
    if (!selected || !mapRef.current) return;
    mapRef.current.flyTo({
      center: [selected.longitude, selected.latitude],
      zoom: Math.max(mapRef.current.getZoom(), 14),
    });
  }, [selected]);

  const zoomInto = useCallback(async (cluster: TCluster) => {
    const map = mapRef.current;
    const source = map?.getSource(SOURCE) as GeoJSONSource | undefined;
    if (!map || !source) return;
    const zoom = await source.getClusterExpansionZoom(cluster.id);
    map.easeTo({ center: [cluster.longitude, cluster.latitude], zoom });
  }, []);

  const onClick = useCallback(
    (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const id = (feature?.properties as { id?: string } | undefined)?.id;
      if (feature?.layer.id === "organization-points" && id) onSelect(String(id));
    },
    [onSelect],
  );

  return (
    <MapLibreMap
      ref={mapRef}
      initialViewState={{ bounds: initial, fitBoundsOptions: { padding: 40, maxZoom: 13 } }}
      mapStyle={styleUrl}
      style={{ position: "absolute", inset: 0 }}
      interactiveLayerIds={["organization-points"]}
      onClick={onClick}
      onLoad={() => {
        report();
        onReady();
      }}
      onMoveEnd={report}
      onSourceData={(event) => {
        if (event.sourceId === SOURCE && event.isSourceLoaded) report();
      }}
      onError={(event) => {
        // A style that cannot load leaves no map: the list stays the way in.
        if (!mapRef.current?.isStyleLoaded()) onFail();
        console.warn("map error", event.error);
      }}
      cursor="default"
    >
      <NavigationControl position="top-right" showCompass={false} />
      <Source id={SOURCE} type="geojson" data={data} cluster clusterRadius={45} clusterMaxZoom={14}>
        <Layer
          id="organization-clusters"
          type="circle"
          filter={["has", "point_count"]}
          paint={{
            "circle-color": "#1d4ed8",
            "circle-opacity": 0.85,
            "circle-radius": ["step", ["get", "point_count"], 18, 10, 24, 50, 30],
            "circle-stroke-width": 2,
            "circle-stroke-color": "#ffffff",
          }}
        />
        <Layer
          id="organization-points"
          type="circle"
          filter={["!", ["has", "point_count"]]}
          paint={{
            "circle-color": "#047857",
            "circle-radius": 8,
            "circle-stroke-width": 2,
            "circle-stroke-color": "#ffffff",
          }}
        />
      </Source>
      {clusters.map((cluster) => (
        <Marker key={cluster.id} longitude={cluster.longitude} latitude={cluster.latitude}>
          <button
            type="button"
            onClick={() => void zoomInto(cluster)}
            aria-label={fillText(clusterLabel, { count: cluster.count })}
            className="flex min-h-11 min-w-11 items-center justify-center rounded-full text-sm font-bold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neutral-900"
          >
            {cluster.count}
          </button>
        </Marker>
      ))}
      {selected ? (
        <Popup
          longitude={selected.longitude}
          latitude={selected.latitude}
          onClose={() => onSelect(null)}
          closeOnClick={false}
          offset={12}
          maxWidth="18rem"
        >
          <div className="pr-4 text-neutral-900" data-testid="map-popup">
            <Link href={`/sociale-kaart/${selected.id}`} className="font-semibold">
              {selected.name}
            </Link>
            {selected.city ? <p className="text-sm">{selected.city}</p> : null}
          </div>
        </Popup>
      ) : null}
    </MapLibreMap>
  );
}
