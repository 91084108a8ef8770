import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { tags } from "../../../backend/db/schema";
import { createTenantWithCenter } from "./factories";
import {
  byId,
  home,
  idsOf,
  sameAsHome,
  send,
  type TCall,
  type TOutcome,
  type TProbe,
} from "./permission-probes";
import { createTag } from "./vacancy-factory";

/**
 * Request builders for the tag vocabulary's rows (docs/tags.md). Every cell gets fresh
 * tags. The frozen world (the other tenant) is never written to: its tags are a third
 * tenant's, as foreign to the caller as the other tenant's.
 */

const thirds = new Map<number, Promise<number>>();

/** The tenant whose tags a cell aims at: the target world's, or a third one when frozen. */
function tenantOf(call: TCall): Promise<number> {
  if (!call.target.frozen) return Promise.resolve(call.target.tenant.id);
  let found = thirds.get(call.target.tenant.id);
  if (!found) {
    found = createTenantWithCenter(call.t.database.db).then((made) => made.tenant.id);
    thirds.set(call.target.tenant.id, found);
  }
  return found;
}

const unique = () => randomBytes(4).toString("hex");

async function exists(call: TCall, tenantId: number, where: { id?: number; name?: string }) {
  const rows = await call.t.database.db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.tenantId, tenantId),
        where.id === undefined ? undefined : eq(tags.id, where.id),
        where.name === undefined ? undefined : eq(tags.name, where.name),
      ),
    );
  return rows.length > 0;
}

const is2xx = (status: number) => status >= 200 && status < 300;

export const TAG_PROBES: Record<string, TProbe> = {
  "tags.list | every tag of the tenant, archived ones and their use too": {
    async run(call) {
      const tenantId = await tenantOf(call);
      const tag = await createTag(call.t.database.db, tenantId);
      await call.t.database.db
        .update(tags)
        .set({ archivedAt: new Date() })
        .where(eq(tags.id, tag.id));
      const res = await send(
        call,
        "GET",
        "/tags?filter[scope]=all&filter[status]=archived&page[size]=1000",
        home(call),
      );
      return { status: res.statusCode, reached: idsOf(res).includes(tag.id) };
    },
    cross: sameAsHome,
  },
  // Every write of the row's one action: rename, merge, delete and (at home, where a new
  // tag has a tenant to land in) create. They must all answer alike; the first that does
  // not is the cell's answer, so the walk names it.
  "tags.manage | a tag of the tenant": {
    async run(call): Promise<TOutcome> {
      const db = call.t.database.db;
      const tenantId = await tenantOf(call);
      const renamed = await createTag(db, tenantId);
      const source = await createTag(db, tenantId);
      const into = await createTag(db, tenantId);
      const unused = await createTag(db, tenantId);
      const newName = `Nieuw ${unique()}`;
      const statuses: number[] = [];
      statuses.push(
        (
          await send(call, "PATCH", `/tags/${renamed.id}`, home(call), {
            data: { type: "tags", id: String(renamed.id), attributes: { name: newName } },
          })
        ).statusCode,
      );
      statuses.push(
        (
          await send(call, "POST", `/tags/${source.id}/merge`, home(call), {
            data: {
              type: "tags",
              relationships: { into: { data: { type: "tags", id: String(into.id) } } },
            },
          })
        ).statusCode,
      );
      statuses.push((await send(call, "DELETE", `/tags/${unused.id}`, home(call))).statusCode);
      const createdName = `Gemaakt ${unique()}`;
      if (!call.target.frozen) {
        statuses.push(
          (
            await send(call, "POST", "/tags", home(call), {
              data: { type: "tags", attributes: { name: createdName } },
            })
          ).statusCode,
        );
      }
      const reached =
        (await exists(call, tenantId, { id: renamed.id, name: newName })) ||
        !(await exists(call, tenantId, { id: source.id })) ||
        !(await exists(call, tenantId, { id: unused.id })) ||
        (await exists(call, call.home.tenant.id, { name: createdName }));
      const first = statuses[0];
      const odd = statuses.find((s) => (is2xx(first) ? !is2xx(s) : s !== first));
      return { status: odd ?? first, reached };
    },
    cross: byId,
  },
};
