"use client";

import "maplibre-gl/dist/maplibre-gl.css";
import "@/lib/map/maplibre-worker";
import { useTranslations } from "next-intl";
import { useMemo, useRef } from "react";
import MapLibreMap, { type MapRef, Marker, NavigationControl } from "react-map-gl/maplibre";
import { cellBounds, type THelpPostCell } from "@/lib/peer-help/help-post-cells";

// The Netherlands, when nothing matches.
const NETHERLANDS: [number, number, number, number] = [3.3, 50.75, 7.25, 53.55];

type Props = {
  cells: THelpPostCell[];
  styleUrl: string;
  selected: string | null;
  onSelect: (key: string | null) => void;
  onReady: () => void;
  onFail: () => void;
};

/**
 * The cells of the posts on a map (loaded by help-post-map.tsx only). Each cell is one
 * button at its centre with the number of posts there: the approximate place is all the api
 * tells, so that is all the map draws. Choosing a cell shows its posts in the list.
 */
export default function HelpPostMapView({
  cells,
  styleUrl,
  selected,
  onSelect,
  onReady,
  onFail,
}: Props) {
  const t = useTranslations("peerHelp.board");
  const mapRef = useRef<MapRef>(null);
  // Fitted once, to the cells there were when the map opened; new filters keep the view.
  const initial = useMemo(() => cellBounds(cells) ?? NETHERLANDS, [cells]);
  return (
    <MapLibreMap
      ref={mapRef}
      initialViewState={{ bounds: initial, fitBoundsOptions: { padding: 48, maxZoom: 14 } }}
      mapStyle={styleUrl}
      style={{ position: "absolute", inset: 0 }}
      onLoad={onReady}
      onError={(event) => {
        if (!mapRef.current?.isStyleLoaded()) onFail();
        console.warn("map error", event.error);
      }}
      cursor="default"
    >
      <NavigationControl position="top-right" showCompass={false} />
      {cells.map((cell) => {
        const pressed = selected === cell.key;
        return (
          <Marker key={cell.key} longitude={cell.longitude} latitude={cell.latitude}>
            <button
              type="button"
              onClick={() => onSelect(pressed ? null : cell.key)}
              aria-pressed={pressed}
              aria-label={t("mapCell", {
                count: cell.posts.length,
                city: cell.city ?? t("mapCellUnnamed"),
              })}
              className={`flex min-h-11 min-w-11 items-center justify-center rounded-full border-2 border-white text-sm font-bold text-white shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 ${pressed ? "bg-neutral-900" : "bg-primary-700"}`}
            >
              {cell.posts.length}
            </button>
          </Marker>
        );
      })}
    </MapLibreMap>
  );
}
