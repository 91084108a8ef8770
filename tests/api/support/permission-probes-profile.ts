import { eq } from "drizzle-orm";
import { volunteerProfiles } from "../../../backend/db/schema";
import {
  aimed,
  answered,
  bySession,
  doc,
  home,
  own,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";

/**
 * Request builders for the volunteer profile's rows (docs/volunteer-profiles.md). Like
 * current_user, the route only ever serves the caller: "another user's" is walked as the
 * caller's own answer, without the other's record ([own-only]).
 */

const ownOnly = (column: string) => (column === "signed out" ? 401 : 200);
const URL = "/current_user/volunteer_profile";
const tag = () => `w${Math.random().toString(36).slice(2, 10)}`;

async function aboutOf(call: TCall, userId: number) {
  const [row] = await call.t.database.db
    .select({ about: volunteerProfiles.about })
    .from(volunteerProfiles)
    .where(eq(volunteerProfiles.userId, userId));
  return row?.about ?? null;
}

export const PROFILE_PROBES: Record<string, TProbe> = {
  "volunteer_profile.read | own volunteer profile": {
    run: async (call) =>
      answered(await send(call, "GET", URL, aimed(call)), own(call.target, call.column).id),
    cross: bySession,
  },
  "volunteer_profile.read | another user's volunteer profile": {
    run: async (call) => answered(await send(call, "GET", URL, home(call)), call.target.other.id),
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
  "volunteer_profile.update | own volunteer profile": {
    async run(call) {
      const about = tag();
      const res = await send(call, "PATCH", URL, aimed(call), doc("volunteer_profiles", { about }));
      const reached = (await aboutOf(call, own(call.target, call.column).id)) === about;
      return { status: res.statusCode, reached };
    },
    cross: bySession,
  },
  "volunteer_profile.update | another user's volunteer profile": {
    async run(call) {
      const about = tag();
      const target = call.target.other.id;
      const res = await send(
        call,
        "PATCH",
        URL,
        home(call),
        doc("volunteer_profiles", { about }, target),
      );
      return { status: res.statusCode, reached: (await aboutOf(call, target)) === about };
    },
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
};
