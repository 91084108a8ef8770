import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activities, activityRegistrations } from "../../backend/db/schema";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { createTenantWithCenter } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";

// Workshops (docs/workshops.md): an activity's `kind`, written and read; the public list's
// filter[kind]; and what a holder reads of their place at a workshop for its certificate.

const DAY = 24 * 3600_000;

let t: TestApp;
let tenant: { id: number; slug: string };
let C: number;
let centreName: string;
let admin: TPerson;
let volunteer: TPerson;
let other: TPerson;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  centreName = made.center.name;
  admin = await signedInPerson(db, tenant, {}, "admin", { type: "Organization", id: C });
  volunteer = await signedInPerson(db, tenant, { firstName: "Noor", lastName: "Jansen" });
  other = await signedInPerson(db, tenant);
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };
const call = (
  method: "GET" | "POST" | "PATCH",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

type TDoc = { data: { id: string; attributes: Record<string, unknown> } };
type TListDoc = { data: { id: string; attributes: Record<string, unknown> }[] };

const tenantActivities = () =>
  t.database.db
    .select()
    .from(activities)
    .where(eq(activities.tenantId, tenant.id))
    .orderBy(asc(activities.id));

describe("an activity's kind", () => {
  it("is written on POST and PATCH, ordinary by default, and returned", async () => {
    const startsAt = new Date(Date.now() + 10 * DAY).toISOString();
    const plain = await call("POST", "/activities", admin.headers, {
      data: { type: "activities", attributes: { title: "Koffieochtend", starts_at: startsAt } },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((plain.json() as TDoc).data.attributes.kind).toBe("activity");

    const made = await call("POST", "/activities", admin.headers, {
      data: {
        type: "activities",
        attributes: { title: "Training EHBO", kind: "workshop", starts_at: startsAt },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as TDoc).data.id;
    expect((made.json() as TDoc).data.attributes.kind).toBe("workshop");
    const [row] = await t.database.db
      .select({ kind: activities.kind })
      .from(activities)
      .where(eq(activities.id, Number(id)));
    expect(row.kind).toBe("workshop");

    const back = await call("PATCH", `/activities/${id}`, admin.headers, {
      data: { type: "activities", id, attributes: { kind: "activity" } },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as TDoc).data.attributes.kind).toBe("activity");
  });

  it("refuses a kind it does not know with a 422 on the attribute, writing nothing", async () => {
    const id = (await createActivity(t.database.db, tenant.id, { volunteerCenterId: C })).id;
    const before = JSON.stringify(await tenantActivities());
    const bad = await call("PATCH", `/activities/${id}`, admin.headers, {
      data: { type: "activities", id: String(id), attributes: { kind: "training" } },
    });
    expect(bad.statusCode, bad.body).toBe(422);
    const error = (bad.json() as { errors: { source?: { pointer?: string } }[] }).errors[0];
    expect(error.source?.pointer).toBe("/data/attributes/kind");
    const created = await call("POST", "/activities", admin.headers, {
      data: {
        type: "activities",
        attributes: { title: "X", kind: 1, starts_at: new Date().toISOString() },
      },
    });
    expect(created.statusCode, created.body).toBe(422);
    expect(JSON.stringify(await tenantActivities())).toBe(before);
  });

  it("is on the public list and read, and filter[kind] picks workshops or the others", async () => {
    const db = t.database.db;
    const workshop = await createActivity(db, tenant.id, {
      volunteerCenterId: C,
      kind: "workshop",
    });
    const plain = await createActivity(db, tenant.id, { volunteerCenterId: C });
    const one = await call("GET", `/activities/${workshop.id}`, { "x-tenant": tenant.slug });
    expect((one.json() as TDoc).data.attributes.kind).toBe("workshop");

    const only = await call("GET", "/activities?filter[kind]=workshop&page[size]=1000", {
      "x-tenant": tenant.slug,
    });
    expect(only.statusCode, only.body).toBe(200);
    const ids = (only.json() as TListDoc).data.map((a) => a.id);
    expect(ids).toContain(String(workshop.id));
    expect(ids).not.toContain(String(plain.id));
    expect((only.json() as TListDoc).data.every((a) => a.attributes.kind === "workshop")).toBe(
      true,
    );

    const others = await call("GET", "/activities?filter[kind]=activity&page[size]=1000", {
      "x-tenant": tenant.slug,
    });
    const otherIds = (others.json() as TListDoc).data.map((a) => a.id);
    expect(otherIds).toContain(String(plain.id));
    expect(otherIds).not.toContain(String(workshop.id));

    const junk = await call("GET", "/activities?filter[kind]=training", {
      "x-tenant": tenant.slug,
    });
    expect(junk.statusCode).toBe(400);
    expect(
      (junk.json() as { errors: { source?: { parameter?: string } }[] }).errors[0].source
        ?.parameter,
    ).toBe("filter[kind]");
  });
});

describe("a place at a workshop, for its certificate", () => {
  it("gives the holder the workshop's kind, the centre's name and their own name", async () => {
    const db = t.database.db;
    const past = new Date(Date.now() - 7 * DAY);
    const workshop = await createActivity(db, tenant.id, {
      volunteerCenterId: C,
      kind: "workshop",
      title: "Training omgaan met agressie",
      startsAt: past,
      endsAt: new Date(past.getTime() + 3 * 3600_000),
    });
    const [place] = await db
      .insert(activityRegistrations)
      .values({
        tenantId: tenant.id,
        activityId: workshop.id,
        userId: volunteer.id,
        status: "registered",
        attended: true,
        minutes: 180,
      })
      .returning();

    const own = await call(
      "GET",
      `/activity_registrations/${place.id}?include=activity`,
      volunteer.headers,
    );
    expect(own.statusCode, own.body).toBe(200);
    const doc = own.json() as TDoc & {
      included: { type: string; attributes: Record<string, unknown> }[];
    };
    expect(doc.data.attributes).toMatchObject({
      first_name: "Noor",
      last_name: "Jansen",
      attended: true,
      minutes: 180,
    });
    expect(doc.included[0].attributes).toMatchObject({
      title: "Training omgaan met agressie",
      kind: "workshop",
      volunteer_center_name: centreName,
    });

    const mine = await call(
      "GET",
      "/activity_registrations?filter[mine]=true&include=activity",
      volunteer.headers,
    );
    const included = (mine.json() as { included: { attributes: Record<string, unknown> }[] })
      .included;
    expect(included.map((a) => a.attributes.kind)).toEqual(["workshop"]);

    // Somebody else's place is not there for them (the certificate is the holder's).
    const theirs = await call("GET", `/activity_registrations/${place.id}`, other.headers);
    expect(theirs.statusCode).toBe(404);
  });
});
