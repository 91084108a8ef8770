import { describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/api/client";
import { ApiError } from "@/lib/api/errors";

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return respond(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200, statusText = "") =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/vnd.api+json" },
  });

describe("createApiClient", () => {
  it("serialises nested query objects in bracket style and snake_cases their keys", async () => {
    const { fetch, calls } = fakeFetch(() => json({ data: [] }));
    const client = createApiClient({ baseUrl: "http://api.test/", fetch });
    await client.get("/api/v1/users", {
      query: {
        include: "roles",
        filter: { organizationIdEq: 5, withRole: "admin" },
        page: { number: 2, size: 1000 },
      },
    });
    expect(calls[0].url).toBe(
      "http://api.test/api/v1/users?include=roles&filter[organization_id_eq]=5&filter[with_role]=admin&page[number]=2&page[size]=1000",
    );
  });

  it("keeps bracketed keys as given, joins lists and snake_cases member names", async () => {
    const { fetch, calls } = fakeFetch(() => json({ data: [] }));
    const client = createApiClient({ baseUrl: "", fetch });
    await client.get("/api/v1/users", {
      query: {
        "filter[organization_id_eq]": 5,
        include: ["roles", "currentOrganization"],
        sort: "-createdAt",
        fields: { user: ["firstName", "email"] },
        search: "a&b c",
        skipped: undefined,
      },
    });
    expect(calls[0].url).toBe(
      "/api/v1/users?filter[organization_id_eq]=5&include=roles,current_organization&sort=-created_at&fields[user]=first_name,email&search=a%26b%20c",
    );
  });

  it("sends the body as snake_case JSON:API with the JSON:API media type", async () => {
    const { fetch, calls } = fakeFetch(() => json({ data: null }));
    const client = createApiClient({ baseUrl: "", fetch });
    await client.patch("/api/v1/users/12", {
      data: { type: "users", id: "12", attributes: { firstName: "Jane", _destroy: false } },
    });
    const { init } = calls[0];
    const headers = new Headers(init.headers);
    expect(init.method).toBe("PATCH");
    expect(headers.get("Content-Type")).toBe("application/vnd.api+json");
    expect(headers.get("Accept")).toBe("application/vnd.api+json");
    expect(init.credentials).toBe("same-origin");
    expect(JSON.parse(String(init.body))).toEqual({
      data: { type: "users", id: "12", attributes: { first_name: "Jane", _destroy: false } },
    });
  });

  it("sends form data with Rails-style keys and dates as ISO strings", async () => {
    const { fetch, calls } = fakeFetch(() => json({ data: null }));
    const client = createApiClient({ baseUrl: "", fetch });
    const avatar = new File(["png"], "avatar.png", { type: "image/png" });
    await client.post(
      "/api/v1/users",
      {
        user: {
          firstName: "Jane",
          birthDate: new Date("1990-02-03T00:00:00Z"),
          avatar,
          note: null,
        },
        tagIds: [1, 2],
      },
      { formData: true },
    );
    const { init } = calls[0];
    expect(new Headers(init.headers).has("Content-Type")).toBe(false); // fetch adds the boundary
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get("user[first_name]")).toBe("Jane");
    expect(form.get("user[birth_date]")).toBe("1990-02-03T00:00:00.000Z");
    expect((form.get("user[avatar]") as File).name).toBe("avatar.png");
    expect(form.has("user[note]")).toBe(false);
    expect(form.getAll("tag_ids[]")).toEqual(["1", "2"]);
  });

  it("sends a Blob body as its bytes, with the caller's content type", async () => {
    const { fetch, calls } = fakeFetch(() => json({ data: null }, 201));
    const client = createApiClient({ baseUrl: "", fetch });
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    await client.post("/api/v1/images", image, { headers: { "Content-Type": "image/png" } });
    const { init } = calls[0];
    expect(init.body).toBe(image);
    const headers = new Headers(init.headers);
    expect(headers.get("Content-Type")).toBe("image/png");
    expect(headers.get("Accept")).toBe("application/vnd.api+json");
  });

  it("returns deserialised camelCase data with meta, links, status and headers", async () => {
    const { fetch } = fakeFetch(() =>
      json({
        data: [{ id: "1", type: "organization", attributes: { volunteer_center_id: 4 } }],
        meta: { pagination: { current: 1, records: 1 } },
        links: { self: "/x" },
      }),
    );
    const client = createApiClient({ baseUrl: "", fetch });
    const result = await client.get("/api/v1/organizations");
    expect(result.data).toEqual([{ id: "1", volunteerCenterId: 4 }]);
    expect(result.meta).toEqual({ pagination: { current: 1, records: 1 } });
    expect(result.links).toEqual({ self: "/x" });
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/vnd.api+json");
  });

  it("returns undefined data for an empty 204 response", async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ baseUrl: "", fetch });
    const result = await client.delete("/api/v1/users/1");
    expect(result.data).toBeUndefined();
    expect(result.status).toBe(204);
  });

  it("adds provider headers and lets per-call headers win", async () => {
    const { fetch, calls } = fakeFetch(() => json({ data: null }));
    const client = createApiClient({
      baseUrl: "",
      fetch,
      headers: async () => ({ "Current-Organization-Id": "5", "X-Tenant": "demo" }),
    });
    await client.get("/api/v1/current_user", { headers: { "X-Tenant": "public" } });
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get("Current-Organization-Id")).toBe("5");
    expect(headers.get("X-Tenant")).toBe("public");
  });

  it("throws an ApiError with statusCode and the response's errors for status >= 400", async () => {
    const { fetch } = fakeFetch(() =>
      json(
        { errors: [{ status: "403", title: "Forbidden", detail: null, code: null, source: null }] },
        403,
        "Forbidden",
      ),
    );
    const client = createApiClient({ baseUrl: "", fetch });
    const error = await client.get("/api/v1/users").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(403);
    expect((error as ApiError).statusMessage).toBe("Forbidden");
    expect((error as ApiError).errors).toEqual([{ status: "403", title: "Forbidden" }]);
  });

  it("keeps the response headers on the ApiError so a 429's Retry-After can be read", async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response(JSON.stringify({ success: false, errors: ["Too many attempts."] }), {
          status: 429,
          headers: { "Content-Type": "application/json", "Retry-After": "120" },
        }),
    );
    const client = createApiClient({ baseUrl: "", fetch });
    const error = (await client.post("/api/auth/sign_in", {}).catch((e: unknown) => e)) as ApiError;
    expect(error.statusCode).toBe(429);
    expect(error.headers?.get("retry-after")).toBe("120");
  });

  it("throws an ApiError carrying a non-JSON error body as data", async () => {
    const { fetch } = fakeFetch(() => new Response("<h1>Not Found</h1>", { status: 404 }));
    const client = createApiClient({ baseUrl: "", fetch });
    const error = (await client.get("/nope").catch((e: unknown) => e)) as ApiError;
    expect(error.statusCode).toBe(404);
    expect(error.data).toBe("<h1>Not Found</h1>");
  });

  it("turns a timeout into an ApiError with statusCode 0", async () => {
    const { fetch } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const client = createApiClient({ baseUrl: "", fetch, timeoutMs: 5 });
    const error = (await client.get("/slow").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.statusCode).toBe(0);
    expect(error.statusMessage).toBe("Timeout");
    expect(error.message).toContain("timed out");
  });

  it("turns a network failure into an ApiError with statusCode 0", async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError("fetch failed")));
    const client = createApiClient({ baseUrl: "", fetch });
    const error = (await client.get("/down").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.statusCode).toBe(0);
    expect(error.statusMessage).toBe("Network Error");
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("rethrows the caller's own abort instead of reporting an api failure", async () => {
    const { fetch } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const client = createApiClient({ baseUrl: "", fetch });
    const controller = new AbortController();
    const pending = client.get("/slow", { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe("AbortError");
  });
});
