"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { buttonClassName } from "@/components/ui/button-class";
import { webGlWorks } from "@/lib/map/webgl";
import type { THelpPostCell } from "@/lib/peer-help/help-post-cells";

// maplibre loads only when someone asks for the map: the board itself stays light.
const HelpPostMapView = dynamic(() => import("./help-post-map-view"), { ssr: false });

type TStatus = "none" | "onRequest" | "loading" | "ready" | "unavailable";

type Props = {
  cells: THelpPostCell[] | undefined;
  styleUrl: string;
  selected: string | null;
  onSelect: (key: string | null) => void;
  /** The map was asked for: the posts for it may load. */
  onOpen: () => void;
};

/**
 * The map of the posts' approximate places, on request. Without WebGL there is no button:
 * the list is the way in, and it holds the same posts.
 */
export function HelpPostMap({ cells, styleUrl, selected, onSelect, onOpen }: Props) {
  const t = useTranslations("peerHelp.board");
  const [status, setStatus] = useState<TStatus>("none");
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (webGlWorks()) setStatus("onRequest");
  }, []);
  // The button goes away: keep the keyboard in the map's area rather than on the page.
  const opened = status === "loading";
  useEffect(() => {
    if (opened) area.current?.focus();
  }, [opened]);
  if (status === "none") return null;
  if (status === "onRequest") {
    return (
      <p>
        <button
          type="button"
          className={buttonClassName({ variant: "outline" })}
          onClick={() => {
            onOpen();
            setStatus("loading");
          }}
        >
          {t("showMap")}
        </button>
      </p>
    );
  }
  return (
    <section aria-label={t("mapLabel")} className="flex flex-col gap-2">
      <p className="text-sm text-neutral-800">{t("mapHint")}</p>
      <div
        ref={area}
        tabIndex={-1}
        data-map-status={status}
        className="relative h-[22rem] overflow-hidden rounded-shape border border-neutral-300 bg-neutral-100"
      >
        {status === "unavailable" ? (
          <p className="p-6 text-neutral-800">{t("mapUnavailable")}</p>
        ) : cells === undefined ? (
          <p className="p-6 text-neutral-800">{t("loading")}</p>
        ) : (
          <>
            {status === "loading" ? (
              <p className="absolute inset-x-0 top-0 p-6 text-neutral-800">{t("mapLoading")}</p>
            ) : null}
            <HelpPostMapView
              cells={cells}
              styleUrl={styleUrl}
              selected={selected}
              onSelect={onSelect}
              onReady={() => setStatus("ready")}
              onFail={() => setStatus("unavailable")}
            />
          </>
        )}
      </div>
    </section>
  );
}
