import {
  answered,
  byId,
  defaultRefusal,
  home,
  sameAsHome,
  send,
  type TProbe,
} from "./permission-probes";

/**
 * Request builders for the analytics rows of docs/permissions.md (docs/analytics.md): one
 * centre's figures, and the comparison of the centres. Both only read.
 */
export const ANALYTICS_PROBES: Record<string, TProbe> = {
  "analytics.read | the figures of C": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/analytics/volunteer_centers/${call.target.C}`, home(call)),
        call.target.C,
      ),
    cross: byId,
  },
  "analytics.compare | the figures of C beside the tenant's other centres": {
    run: async (call) =>
      answered(await send(call, "GET", "/analytics/volunteer_centers", home(call)), call.target.C),
    // An admin of D compares D alone: C is left out.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    note: "[scoped-list]",
    cross: sameAsHome,
  },
};
