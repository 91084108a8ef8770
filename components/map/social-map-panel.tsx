"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { buttonClassName } from "@/components/ui/button-class";
import { fillText, formatPlural } from "@/lib/i18n/island-texts";
import { webGlWorks } from "@/lib/map/webgl";
import {
  organizationsInBounds,
  type TBounds,
  type TMapOrganization,
} from "@/lib/social-map/bounds";
import type { TSocialMapTexts } from "@/lib/social-map/map-texts";

// maplibre-gl and react-map-gl load here only, in the browser, after the list has rendered
// on the server: no other page ships them, and without JavaScript or WebGL the server's list
// stays (docs/social-map.md).
const SocialMapView = dynamic(() => import("./social-map-view"), { ssr: false });

type TStatus = "unavailable" | "onRequest" | "loading" | "ready";

/** Where the map and the list sit side by side (Tailwind's lg), the map loads at once. */
const SIDE_BY_SIDE = "(min-width: 64rem)";

type Props = {
  organizations: TMapOrganization[];
  styleUrl: string;
  /** Resolved on the server: this island ships without next-intl (docs/public-pages.md). */
  texts: TSocialMapTexts;
  /** The server-rendered, paged list of every organisation: what shows until the map is ready. */
  children: ReactNode;
};

/**
 * The map and the list beside it. Once the map is ready the list follows the map: it holds
 * the organisations inside the visible bounds (count announced politely), and choosing one
 * flies the map there and opens its popup. Before that, and when the map fails, the
 * server's complete, paged list is shown and the map area says the map is unavailable.
 */
export function SocialMapPanel({ organizations, styleUrl, texts, children }: Props) {
  const [status, setStatus] = useState<TStatus>("unavailable");
  const [bounds, setBounds] = useState<TBounds | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const mapArea = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!webGlWorks()) return;
    // On a narrow screen the list comes first and the map (maplibre, about 300 kB
    // compressed, and its tiles) loads when asked for (docs/social-map.md).
    setStatus(window.matchMedia(SIDE_BY_SIDE).matches ? "loading" : "onRequest");
  }, []);
  const showMap = () => {
    setStatus("loading");
    // The button goes away: keep the keyboard in the map's area rather than on the page.
    mapArea.current?.focus();
  };

  const inView = useMemo(
    () => organizationsInBounds(organizations, bounds),
    [organizations, bounds],
  );
  const onReady = useCallback(() => setStatus("ready"), []);
  const onFail = useCallback(() => setStatus("unavailable"), []);

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <section aria-label={texts.mapLabel} className="lg:col-span-3">
        <div
          ref={mapArea}
          tabIndex={-1}
          className={`relative overflow-hidden rounded-shape border border-neutral-300 bg-neutral-100 lg:sticky lg:top-24 lg:h-[70vh] ${status === "onRequest" ? "" : "h-[26rem]"}`}
          data-map-status={status}
        >
          {status === "onRequest" ? (
            <div className="flex flex-col items-start gap-4 p-6">
              <p className="text-neutral-800">{texts.mapOnRequest}</p>
              <button
                type="button"
                onClick={showMap}
                className={buttonClassName({ size: "sm" })}
                data-testid="show-map"
              >
                {texts.showMap}
              </button>
            </div>
          ) : status === "unavailable" ? (
            <p className="p-6 text-neutral-800" data-testid="map-unavailable">
              {texts.mapUnavailable}
            </p>
          ) : (
            <>
              {status === "loading" ? (
                <p className="absolute inset-x-0 top-0 p-6 text-neutral-800">{texts.mapLoading}</p>
              ) : null}
              <SocialMapView
                organizations={organizations}
                styleUrl={styleUrl}
                clusterLabel={texts.cluster}
                selectedId={selectedId}
                onSelect={setSelectedId}
                onBounds={setBounds}
                onReady={onReady}
                onFail={onFail}
              />
            </>
          )}
        </div>
      </section>
      <section aria-labelledby="social-map-list" className="lg:col-span-2">
        <h2 id="social-map-list" className="mb-3 text-xl font-semibold text-neutral-900">
          {texts.listHeading}
        </h2>
        {status === "ready" ? (
          <div data-testid="in-view-list">
            <p aria-live="polite" className="mb-3 text-neutral-800" data-testid="in-view-count">
              {formatPlural(texts.inView, inView.length)}
            </p>
            {inView.length === 0 ? (
              <p className="text-neutral-800">{texts.inViewEmpty}</p>
            ) : (
              <ul className="divide-y divide-neutral-200">
                {inView.map((org) => (
                  <li key={org.id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <Link
                        href={`/sociale-kaart/${org.id}`}
                        className="inline-block py-1 font-semibold"
                      >
                        {org.name}
                      </Link>
                      {org.city ? <p className="text-sm text-neutral-800">{org.city}</p> : null}
                    </div>
                    <button
                      type="button"
                      onClick={() => setSelectedId(org.id)}
                      aria-pressed={selectedId === org.id}
                      className="min-h-11 shrink-0 rounded-shape border border-neutral-400 px-3 text-sm font-medium text-neutral-900 hover:bg-neutral-100"
                    >
                      <span className="sr-only">
                        {fillText(texts.showOnMap, { name: org.name })}
                      </span>
                      <span aria-hidden="true">⌖</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          children
        )}
      </section>
    </div>
  );
}
