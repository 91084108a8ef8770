import { answered, byIdPublic, home, sameAsHome, send, type TProbe } from "./permission-probes";

/**
 * Request builders for the public activity rows and the desk welcome page
 * (docs/activities.md): everyone reads them; the other tenant's are never found.
 */

const PAGE = "?page[size]=1000";

export const ACTIVITY_PROBES: Record<string, TProbe> = {
  "activities.list | the public activities of the site's centres": {
    run: async (call) =>
      answered(await send(call, "GET", `/activities${PAGE}`, home(call)), call.target.activity),
    cross: sameAsHome,
  },
  "activities.read | a published activity of C": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/activities/${call.target.activity}`, home(call)),
        call.target.activity,
      ),
    cross: byIdPublic,
  },
  "desks.read | a desk's welcome page": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/desks/${call.target.desk.id}`, home(call)),
        call.target.desk.id,
      ),
    cross: byIdPublic,
  },
};
