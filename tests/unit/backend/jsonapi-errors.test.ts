import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, notFound } from "../../../backend/errors";
import { registerErrorHandling } from "../../../backend/jsonapi/error-handler";
import { parseAttributes } from "../../../backend/jsonapi/validation";

// The error handler on a bare Fastify app: one route per kind of failure.
const logLines: string[] = [];
const app = Fastify({
  logger: {
    level: "error",
    stream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  },
});

const ZThing = z.object({ name: z.string().trim().min(1).max(5), size: z.number().int() });

beforeAll(async () => {
  registerErrorHandling(app);
  app.get("/missing", async () => {
    throw notFound();
  });
  app.get("/limited", async () => {
    throw new AppError("too_many_requests", "Slow down.", { headers: { "retry-after": "42" } });
  });
  app.post("/things", async (request) => parseAttributes(ZThing, request.body));
  app.post(
    "/schema",
    {
      schema: {
        body: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
      },
    },
    async () => ({ ok: true }),
  );
  app.get(
    "/typed",
    { schema: { querystring: { type: "object", properties: { n: { type: "integer" } } } } },
    async () => ({ ok: true }),
  );
  app.get("/boom", async () => {
    throw new Error("secret database detail");
  });
  await app.ready();
});
afterAll(() => app.close());

const JSONAPI = /^application\/vnd\.api\+json/;

describe("the JSON:API error handler", () => {
  it("renders an AppError with all five keys, nulls kept and status as a string", async () => {
    const res = await app.inject({ method: "GET", url: "/missing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    expect(res.json()).toEqual({
      errors: [{ status: "404", source: null, title: "Not Found", detail: null, code: null }],
    });
  });

  it("sets the AppError's headers (Retry-After)", async () => {
    const res = await app.inject({ method: "GET", url: "/limited" });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("42");
    expect(res.json().errors[0]).toMatchObject({ status: "429", detail: "Slow down." });
  });

  it("renders zod failures as 422 items with attribute pointers and Rails messages", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/things",
      payload: { name: "toolong", size: "x" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [
        {
          status: "422",
          source: { pointer: "/data/attributes/name" },
          title: "Unprocessable Entity",
          detail: "Name is too long (maximum is 5 characters)",
          code: "too_long",
        },
        {
          status: "422",
          source: { pointer: "/data/attributes/size" },
          title: "Unprocessable Entity",
          detail: "Size is not a number",
          code: "not_a_number",
        },
      ],
    });
  });

  it("calls a missing attribute blank", async () => {
    const res = await app.inject({ method: "POST", url: "/things", payload: { size: 1 } });
    expect(res.json().errors[0]).toMatchObject({ detail: "Name can't be blank", code: "blank" });
  });

  it("renders Fastify body validation as 422 with a pointer", async () => {
    const res = await app.inject({ method: "POST", url: "/schema", payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ status: "422", source: { pointer: "/name" } });
  });

  it("renders Fastify query validation as 400", async () => {
    const res = await app.inject({ method: "GET", url: "/typed?n=abc" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ status: "400", source: { parameter: "n" } });
  });

  it("renders malformed JSON as 400", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/things",
      headers: { "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    expect(res.json().errors[0]).toMatchObject({
      status: "400",
      title: "Bad Request",
      detail: "The request body is not valid JSON.",
    });
  });

  it("renders an unknown route as a JSON:API 404", async () => {
    const res = await app.inject({ method: "GET", url: "/nowhere" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: [{ status: "404", source: null, title: "Not Found", detail: null, code: null }],
    });
  });

  it("hides an unexpected error behind a bare 500 and logs it with the request id", async () => {
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      errors: [
        { status: "500", source: null, title: "Internal Server Error", detail: null, code: null },
      ],
    });
    expect(res.body).not.toContain("secret");
    const line = logLines.find((l) => l.includes("secret database detail"));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? "{}").requestId).toEqual(expect.any(String));
  });
});
