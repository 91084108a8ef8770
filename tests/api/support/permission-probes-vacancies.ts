import { createOrganization, createTenantWithCenter } from "./factories";
import {
  answered,
  byIdPublic,
  home,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TWorld } from "./permission-world";
import { createTag, createVacancy } from "./vacancy-factory";

/**
 * Request builders for the public vacancy and tag rows of docs/permissions.md
 * (docs/vacancies-search.md). A world gets its published vacancy of C and a tag on first
 * use. The frozen world (the other tenant) is never written to, so its "vacancy" and "tag"
 * are a third tenant's: as foreign to the caller as B's, and B's tables stay untouched.
 */

type TTargets = { vacancy: number; tag: number };
const made = new Map<string, Promise<TTargets>>();

async function make(call: TCall, world: TWorld): Promise<TTargets> {
  const db = call.t.database.db;
  let tenantId = world.tenant.id;
  let centre = world.C;
  let organization = world.O;
  if (world.frozen) {
    const stranger = await createTenantWithCenter(db);
    tenantId = stranger.tenant.id;
    centre = stranger.center.id;
    organization = (await createOrganization(db, tenantId, { volunteerCenterId: centre })).id;
  }
  const vacancy = await createVacancy(db, tenantId, {
    organizationId: organization,
    volunteerCenterId: centre,
    title: "Gastvrouw in het buurthuis",
  });
  const tag = await createTag(db, tenantId);
  return { vacancy: vacancy.id, tag: tag.id };
}

function targetsOf(call: TCall): Promise<TTargets> {
  const key = `${call.target.tenant.id}`;
  let found = made.get(key);
  if (!found) {
    found = make(call, call.target);
    made.set(key, found);
  }
  return found;
}

// Tags are few; a big page holds them all, like the filter form asks.
const PAGE = "?page[size]=1000";

export const VACANCY_PROBES: Record<string, TProbe> = {
  "vacancies.list | the site's published vacancies": {
    run: async (call) => {
      const { vacancy } = await targetsOf(call);
      return answered(await send(call, "GET", "/vacancies?page[size]=100", home(call)), vacancy);
    },
    cross: sameAsHome,
  },
  "vacancies.read | a published vacancy of C": {
    run: async (call) => {
      const { vacancy } = await targetsOf(call);
      return answered(await send(call, "GET", `/vacancies/${vacancy}`, home(call)), vacancy);
    },
    cross: byIdPublic,
  },
  "tags.list | the tenant's tags": {
    run: async (call) => {
      const { tag } = await targetsOf(call);
      return answered(await send(call, "GET", `/tags${PAGE}`, home(call)), tag);
    },
    cross: sameAsHome,
  },
};
