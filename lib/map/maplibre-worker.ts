import { setWorkerUrl } from "maplibre-gl";

// maplibre-gl 6 runs its worker from a module file beside its own, which a bundle does not
// carry: the same file is served from public/map/ (a unit test keeps it identical to the
// installed version's). Imported by every map view, before its first map.
export const MAPLIBRE_WORKER_URL = "/map/maplibre-gl-worker-6.17.0.mjs";
setWorkerUrl(MAPLIBRE_WORKER_URL);
