import type { TPluralText } from "@/lib/i18n/island-texts";

/** The social map island's texts, resolved on the server (lib/social-map/map-texts-server.ts). */
export type TSocialMapTexts = {
  mapLabel: string;
  mapOnRequest: string;
  showMap: string;
  mapUnavailable: string;
  mapLoading: string;
  listHeading: string;
  inView: TPluralText;
  inViewEmpty: string;
  /** With `{name}`. */
  showOnMap: string;
  /** With `{count}`. */
  cluster: string;
};
