"use client";

import {
  type ComponentProps,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { webGlWorks } from "@/lib/map/webgl";
import type { TBounds, TMapOrganization } from "@/lib/social-map/bounds";
import type { TSocialMapTexts } from "@/lib/social-map/map-texts";
import type SocialMapViewModule from "./social-map-view";

// This shell is all /sociale-kaart ships beyond the other public pages before the map loads
// (docs/public-pages.md). maplibre-gl and react-map-gl (social-map-view.tsx) and the list
// that follows the map (social-map-in-view.tsx) load here only, in the browser, once the
// map is to be drawn: no other page ships them, and without JavaScript or WebGL the
// server's list stays (docs/social-map.md). React.lazy rather than next/dynamic: the view
// is only rendered after an effect, so never on the server, and next/dynamic's loader
// would ship with the shell (1.4 KiB brotli).
const loadInView = () => import("./social-map-in-view");
type TViewProps = ComponentProps<typeof SocialMapViewModule>;
const SocialMapView = lazy((): Promise<{ default: ComponentType<TViewProps> }> => {
  void loadInView().catch(() => undefined);
  // A chunk that fails to load (offline, a new deployment) leaves the server's list.
  return import("./social-map-view").catch(() => ({ default: MapFailed }));
});
const SocialMapInView = lazy(loadInView);

function MapFailed({ onFail }: { onFail: () => void }) {
  useEffect(() => onFail(), [onFail]);
  return null;
}

type TStatus = "unavailable" | "onRequest" | "loading" | "ready";

/** Where the map and the list sit side by side (Tailwind's lg), the map loads at once. */
const SIDE_BY_SIDE = "(min-width: 64rem)";

type Props = {
  organizations: TMapOrganization[];
  styleUrl: string;
  /** Resolved on the server: this island ships without next-intl (docs/public-pages.md). */
  texts: TSocialMapTexts;
  /** The "show the map" button's classes (components/ui/button-class.ts, on the server, so
   *  the shell does not carry a copy of it). */
  showMapClassName: string;
  /** The server-rendered, paged list of every organisation: what shows until the map is ready. */
  children: ReactNode;
};

/**
 * The map and the list beside it. Once the map is ready the list follows the map: it holds
 * the organisations inside the visible bounds (count announced politely), and choosing one
 * flies the map there and opens its popup. Before that, and when the map fails, the
 * server's complete, paged list is shown and the map area says the map is unavailable.
 */
export function SocialMapPanel({
  organizations,
  styleUrl,
  texts,
  showMapClassName,
  children,
}: Props) {
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

  // The list that follows the map is there before the map counts as ready; should its chunk
  // fail to load, the server's list stays, as when the map fails.
  const onReady = useCallback(() => {
    loadInView().then(
      () => setStatus("ready"),
      () => setStatus("unavailable"),
    );
  }, []);
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
                className={showMapClassName}
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
              <Suspense fallback={null}>
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
              </Suspense>
            </>
          )}
        </div>
      </section>
      <section aria-labelledby="social-map-list" className="lg:col-span-2">
        <h2 id="social-map-list" className="mb-3 text-xl font-semibold text-neutral-900">
          {texts.listHeading}
        </h2>
        {status === "ready" ? (
          // Loaded before "ready" (onReady): the fallback is for the moment React takes to see it.
          <Suspense fallback={children}>
            <SocialMapInView
              organizations={organizations}
              bounds={bounds}
              selectedId={selectedId}
              onSelect={setSelectedId}
              texts={texts}
            />
          </Suspense>
        ) : (
          children
        )}
      </section>
    </div>
  );
}
