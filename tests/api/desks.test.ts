import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRole } from "../../backend/auth/roles";
import { desks } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createTenantWithCenter, createUser } from "./support/factories";
import { createDesk, signedIn } from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let ids: { alpha: number; bravo: number; charlie: number; nov: number; unplaced: number };

const JSONAPI = /^application\/vnd\.api\+json/;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const center = a.center.id;
  // Created out of order: the list sorts by azc_name.
  const charlie = await createDesk(db, a.tenant.id, {
    azcName: "Charlie",
    volunteerCenterId: center,
  });
  const alpha = await createDesk(db, a.tenant.id, { azcName: "Alpha", volunteerCenterId: center });
  const bravo = await createDesk(db, a.tenant.id, { azcName: "Bravo", volunteerCenterId: center });
  const nov = await createDesk(db, a.tenant.id, {
    azcName: "Balie NOV",
    volunteerCenterId: center,
  });
  const unplaced = await createDesk(db, a.tenant.id, {
    azcName: "Aardvark",
    volunteerCenterId: center,
    coordinates: { latitude: null, longitude: 5 },
  });
  await createDesk(db, a.tenant.id, {
    azcName: "Abc",
    volunteerCenterId: center,
    coordinates: null,
  });
  await createDesk(db, b.tenant.id, { azcName: "Alpha B", volunteerCenterId: b.center.id });
  ids = {
    alpha: alpha.id,
    bravo: bravo.id,
    charlie: charlie.id,
    nov: nov.id,
    unplaced: unplaced.id,
  };
});
afterAll(() => t.close());

const list = (query = "", tenant = a.tenant.slug) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/meedoen/desks${query}`,
    headers: { "x-tenant": tenant },
  });

const names = (body: { data: { attributes: { azc_name: string } }[] }) =>
  body.data.map((d) => d.attributes.azc_name);

describe("GET /api/v1/meedoen/desks", () => {
  it("lists the tenant's active desks by azc_name to anyone, without Balie NOV or desks without coordinates", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const body = res.json();
    expect(names(body)).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect(body.data[0]).toEqual({
      id: String(ids.alpha),
      type: "desk",
      attributes: {
        azc_name: "Alpha",
        slug: expect.stringMatching(/^alpha-/),
        volunteer_center_id: a.center.id,
        organization_id: null,
        email: expect.stringContaining("@example.test"),
        phone: "0201234567",
      },
      relationships: { address: { data: { id: expect.any(String), type: "address" } } },
    });
    expect(body).not.toHaveProperty("included");
    expect(body.meta).toEqual({ pagination: { current: 1, records: 3 } });
    expect(body.links).toEqual({ self: "http://localhost:80/api/v1/meedoen/desks" });
  });

  it("never shows another tenant's desks", async () => {
    expect(names((await list()).json())).not.toContain("Alpha B");
    expect(names((await list("", b.tenant.slug)).json())).toEqual(["Alpha B"]);
  });

  it("include=address adds the addresses once each, with their coordinates", async () => {
    const body = (await list("?include=address")).json();
    expect(body.included).toHaveLength(3);
    const first = body.included.find(
      (r: { id: string }) => r.id === body.data[0].relationships.address.data.id,
    );
    expect(first).toEqual({
      id: expect.any(String),
      type: "address",
      attributes: {
        street: "Dorpsstraat",
        house_number: expect.any(String),
        postal_code: "1234 AB",
        city: "Oldebroek",
        country: "NL",
        latitude: 52.1,
        longitude: 5.1,
      },
    });
  });

  it("fields[desk] restricts attributes and relationships", async () => {
    const body = (await list("?fields[desk]=azc_name")).json();
    expect(body.data[0]).toEqual({
      id: String(ids.alpha),
      type: "desk",
      attributes: { azc_name: "Alpha" },
      relationships: {},
    });
  });

  it("sorts by an allow-listed field, descending with '-'", async () => {
    expect(names((await list("?sort=-azc_name")).json())).toEqual(["Charlie", "Bravo", "Alpha"]);
  });

  it("answers 400 naming an unknown sort field", async () => {
    const res = await list("?sort=email");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      status: "400",
      source: { parameter: "sort" },
      title: "Bad Request",
      detail: "email is not a sortable field",
      code: "invalid",
    });
  });

  it("filters with ransack predicates on allow-listed attributes", async () => {
    expect(names((await list("?filter[azc_name_cont]=rav")).json())).toEqual(["Bravo"]);
    expect(names((await list("?filter[azc_name_or_slug_start]=ch")).json())).toEqual(["Charlie"]);
    expect(names((await list("?filter[azc_name_in]=Alpha,Charlie")).json())).toEqual([
      "Alpha",
      "Charlie",
    ]);
    const other = `?filter[volunteer_center_id_eq]=${b.center.id}`;
    expect(names((await list(other)).json())).toEqual([]);
  });

  it("ignores a filter with a blank value", async () => {
    expect(names((await list("?filter[azc_name_cont]=")).json())).toHaveLength(3);
  });

  it("answers 400 naming a filter key that is not allowed", async () => {
    const res = await list("?filter[email_cont]=x");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].detail).toBe("email_cont is not a filter this endpoint allows");
    expect(res.json().errors[0].source).toEqual({ parameter: "filter[email_cont]" });
  });

  it("answers 400 naming an include that is not a relationship", async () => {
    const res = await list("?include=organization");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].detail).toBe(
      "organization is not specified as a relationship on desk",
    );
  });

  it("pages with meta.pagination and links as jsonapi.rb writes them", async () => {
    const res = await list("?page%5Bnumber%5D=2&page%5Bsize%5D=1&sort=azc_name");
    const body = res.json();
    expect(names(body)).toEqual(["Bravo"]);
    expect(body.meta.pagination).toEqual({
      current: 2,
      first: 1,
      prev: 1,
      next: 3,
      last: 3,
      records: 3,
    });
    const url = (n: number) =>
      `http://localhost:80/api/v1/meedoen/desks?page[number]=${n}&page[size]=1&sort=azc_name`;
    expect(body.links).toEqual({
      self: "http://localhost:80/api/v1/meedoen/desks?page%5Bnumber%5D=2&page%5Bsize%5D=1&sort=azc_name",
      first: url(1),
      prev: url(1),
      next: url(3),
      last: url(3),
    });
  });

  it("falls back to the default page for non-numeric page parameters", async () => {
    const body = (await list("?page[number]=x&page[size]=NaN")).json();
    expect(body.meta.pagination).toEqual({ current: 1, records: 3 });
    expect(body.data).toHaveLength(3);
  });

  it("needs X-Tenant", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/meedoen/desks" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source).toEqual({ parameter: "X-Tenant" });
  });
});

describe("POST /api/v1/meedoen/desks", () => {
  const deskCount = async () => {
    const [{ n }] = await t.database.db.select({ n: count() }).from(desks);
    return n;
  };
  const post = (headers: Record<string, string>, attributes: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/meedoen/desks",
      headers: { ...headers, "content-type": "application/vnd.api+json" },
      payload: JSON.stringify({ data: { type: "desks", attributes } }),
    });
  const userWith = async (setup: TSetup, role?: "superadmin" | "volunteer" | { admin: number }) => {
    const db = t.database.db;
    const user = await createUser(db, setup.tenant.id, { volunteerCenterId: setup.center.id });
    if (role === "superadmin" || role === "volunteer")
      await addRole(db, setup.tenant.id, user.id, role);
    else if (role) {
      await addRole(db, setup.tenant.id, user.id, "admin", {
        type: "Organization",
        id: role.admin,
      });
    }
    return signedIn(db, setup.tenant, user.id);
  };
  const valid = () => ({
    azc_name: "AZC Zeewolde",
    volunteer_center_id: String(a.center.id),
    email: "zeewolde@example.test",
    address: {
      street: "Bosweg",
      house_number: "7",
      city: "Zeewolde",
      latitude: 52.33,
      longitude: 5.54,
    },
  });

  it("answers devise's 401 when signed out and writes nothing", async () => {
    const before = await deskCount();
    const res = await post({ "x-tenant": a.tenant.slug }, valid());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ["You need to sign in or sign up before continuing."] });
    expect(await deskCount()).toBe(before);
  });

  it("lets an admin of the desk's volunteer centre create it, with a slug from the name", async () => {
    const headers = await userWith(a, { admin: a.center.id });
    const res = await post(headers, valid());
    expect(res.statusCode).toBe(201);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const body = res.json();
    expect(body.data).toEqual({
      id: expect.any(String),
      type: "desk",
      attributes: {
        azc_name: "AZC Zeewolde",
        slug: "azc-zeewolde",
        volunteer_center_id: a.center.id,
        organization_id: null,
        email: "zeewolde@example.test",
        phone: null,
      },
      relationships: { address: { data: { id: expect.any(String), type: "address" } } },
    });
    expect(body.included).toEqual([
      {
        id: body.data.relationships.address.data.id,
        type: "address",
        attributes: {
          street: "Bosweg",
          house_number: "7",
          postal_code: null,
          city: "Zeewolde",
          country: "NL",
          latitude: 52.33,
          longitude: 5.54,
        },
      },
    ]);
    // The new desk has coordinates, so the public list shows it.
    expect(names((await list()).json())).toContain("AZC Zeewolde");
  });

  it("gives a second desk of the same name the next free slug", async () => {
    const headers = await userWith(a, "superadmin");
    const res = await post(headers, valid());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.slug).toBe("azc-zeewolde-2");
  });

  it("answers 422 'has already been taken' for a slug in use, and writes nothing", async () => {
    const headers = await userWith(a, "superadmin");
    const before = await deskCount();
    const res = await post(headers, { ...valid(), slug: "azc-zeewolde" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [
        {
          status: "422",
          source: { pointer: "/data/attributes/slug" },
          title: "Unprocessable Entity",
          detail: "Slug has already been taken",
          code: "taken",
        },
      ],
    });
    expect(await deskCount()).toBe(before);
  });

  it("refuses a volunteer and an admin of another centre with 403", async () => {
    const before = await deskCount();
    for (const headers of [await userWith(a, "volunteer"), await userWith(a, { admin: 999_999 })]) {
      const res = await post(headers, valid());
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ status: "403", title: "Forbidden" });
    }
    expect(await deskCount()).toBe(before);
  });

  it("answers 422 with pointers for invalid attributes, and writes nothing", async () => {
    const headers = await userWith(a, "superadmin");
    const before = await deskCount();
    const res = await post(headers, {
      ...valid(),
      azc_name: "  ",
      address: { latitude: 123 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        status: "422",
        source: { pointer: "/data/attributes/azc_name" },
        title: "Unprocessable Entity",
        detail: "Azc name can't be blank",
        code: "blank",
      },
      {
        status: "422",
        source: { pointer: "/data/attributes/address/latitude" },
        title: "Unprocessable Entity",
        detail: "Address latitude must be less than or equal to 90",
        code: "less_than_or_equal_to",
      },
    ]);
    expect(await deskCount()).toBe(before);
  });

  it("answers 422 when the volunteer centre is not the tenant's", async () => {
    const headers = await userWith(a, "superadmin");
    const before = await deskCount();
    const res = await post(headers, { ...valid(), volunteer_center_id: String(b.center.id) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      source: { pointer: "/data/attributes/volunteer_center_id" },
      detail: "Volunteer center must exist",
      code: "required",
    });
    expect(await deskCount()).toBe(before);
  });

  it("answers 400 in JSON:API for a body that is not JSON", async () => {
    const headers = await userWith(a, "superadmin");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/meedoen/desks",
      headers: { ...headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    expect(res.json().errors[0]).toMatchObject({ status: "400", title: "Bad Request" });
  });

  it("keeps the new desk in its tenant", async () => {
    const [row] = await t.database.db
      .select({ tenantId: desks.tenantId })
      .from(desks)
      .where(eq(desks.slug, "azc-zeewolde"));
    expect(row.tenantId).toBe(a.tenant.id);
  });
});
