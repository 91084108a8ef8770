import { answered, home, sameAsHome, send, type TProbe } from "./permission-probes";

/**
 * Request builders for the social map's rows of docs/permissions.md (docs/social-map.md):
 * public, so every column reaches the world's approved organisation O; under the caller's
 * own X-Tenant the other tenant's O is never in the answer.
 */
export const SOCIAL_MAP_PROBES: Record<string, TProbe> = {
  "social_map.list | the site's map organisations": {
    run: async (call) =>
      answered(await send(call, "GET", "/social_map?page[size]=1000", home(call)), call.target.O),
    cross: sameAsHome,
  },
};
