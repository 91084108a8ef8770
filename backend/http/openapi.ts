import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TResource } from "../jsonapi/serializer";
import type { TOpenApiParameter, TReader } from "./inputs";

/**
 * The OpenAPI 3.1 document, built from the same readers and schemas the routes parse with
 * (zod's own JSON Schema conversion), so it cannot drift from what the api accepts. Served
 * at GET /api/v1/openapi.json; a test fails for any registered route it lacks.
 */

/** A JSON:API success body of one resource type, for the document. */
export type TResponseShape = { resource: TResource; many: boolean } | z.ZodType;

export type TOperation = {
  method: string;
  path: string;
  summary: string;
  auth: "public" | "optional" | "signed_in";
  action: string;
  tags?: string[];
  params?: TReader<unknown>;
  query: TReader<unknown>;
  body?: TReader<unknown>;
  status: number;
  response?: TResponseShape;
  contentType: string;
  /** `devise`: errors in devise_token_auth's shape (define-route's `format`). */
  format?: "jsonapi" | "devise";
};

// Keyed by the app's Node server, which every encapsulated scope of one app shares.
const registries = new WeakMap<object, TOperation[]>();

/** Records a route for the document of the app `scope` belongs to. */
export function registerOperation(scope: FastifyInstance, operation: TOperation) {
  const list = registries.get(scope.server) ?? [];
  list.push(operation);
  registries.set(scope.server, list);
}

export const operationsOf = (scope: FastifyInstance): readonly TOperation[] =>
  registries.get(scope.server) ?? [];

/** `/users/:id` → `/users/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

function resourceObjectSchema(resource: TResource): Record<string, unknown> {
  const attributes = Object.fromEntries(
    resource.attributes.map((name) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), {}]),
  );
  return {
    type: "object",
    required: ["id", "type"],
    properties: {
      id: { type: "string" },
      type: { const: resource.type },
      attributes: { type: "object", properties: attributes },
      relationships: { type: "object" },
    },
  };
}

function responseSchema(shape: TResponseShape | undefined): Record<string, unknown> {
  if (!shape) return { type: "object" };
  if ("resource" in shape && !(shape instanceof z.ZodType)) {
    const item = resourceObjectSchema(shape.resource);
    return {
      type: "object",
      required: ["data"],
      properties: {
        data: shape.many ? { type: "array", items: item } : item,
        included: { type: "array", items: { type: "object" } },
        meta: { type: "object" },
        links: { type: "object" },
      },
    };
  }
  const { $schema: _ignored, ...schema } = z.toJSONSchema(shape as z.ZodType, {
    io: "output",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return schema;
}

const ERROR_DOCUMENT = {
  type: "object",
  required: ["errors"],
  properties: {
    errors: {
      type: "array",
      items: {
        type: "object",
        properties: {
          status: { type: "string" },
          source: {
            oneOf: [
              { type: "null" },
              {
                type: "object",
                properties: { pointer: { type: "string" }, parameter: { type: "string" } },
              },
            ],
          },
          title: { type: "string" },
          detail: { type: ["string", "null"] },
          code: { type: ["string", "null"] },
        },
      },
    },
  },
};

// devise_token_auth's render_error (api-contract §1.3): errors as messages, or per field.
const DEVISE_ERROR = {
  type: "object",
  required: ["errors"],
  properties: {
    success: { const: false },
    errors: {
      oneOf: [
        { type: "array", items: { type: "string" } },
        { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      ],
    },
  },
};

function successResponse(op: TOperation) {
  if (op.status === 204) return { description: "No content" };
  if (op.status >= 300 && op.status < 400) {
    return { description: "Redirect", headers: { Location: { schema: { type: "string" } } } };
  }
  return {
    // A route that only ever refuses (GET /auth/sign_in's 405) documents that answer.
    description: op.status >= 400 ? "Always this refusal" : "Success",
    content: { [op.contentType]: { schema: responseSchema(op.response) } },
  };
}

function deviseResponses(op: TOperation) {
  return {
    [String(op.status)]: successResponse(op),
    "400": {
      description: "Unreadable body",
      content: { "application/vnd.api+json": { schema: ERROR_DOCUMENT } },
    },
    "4XX": {
      description: "devise_token_auth's error (429: with Retry-After)",
      content: { "application/json": { schema: DEVISE_ERROR } },
    },
  };
}

function operationObject(op: TOperation) {
  const parameters: Array<TOpenApiParameter | Record<string, unknown>> = [
    {
      name: "X-Tenant",
      in: "header",
      required: true,
      description: "The tenant's slug",
      schema: { type: "string" },
    },
    ...(op.params?.parameters?.() ?? []),
    ...(op.query.parameters?.() ?? []),
  ];
  const responses: Record<string, unknown> = {
    [String(op.status)]: successResponse(op),
    "400": {
      description: "Bad request",
      content: { "application/vnd.api+json": { schema: ERROR_DOCUMENT } },
    },
    "404": {
      description: "Not found",
      content: { "application/vnd.api+json": { schema: ERROR_DOCUMENT } },
    },
  };
  if (op.auth !== "public") {
    responses["401"] = {
      description: "Not signed in (devise_token_auth's body)",
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { errors: { type: "array", items: { type: "string" } } },
          },
        },
      },
    };
  }
  responses["403"] = {
    description: "Not allowed",
    content: { "application/vnd.api+json": { schema: ERROR_DOCUMENT } },
  };
  if (op.body) {
    responses["422"] = {
      description: "Invalid body",
      content: { "application/vnd.api+json": { schema: ERROR_DOCUMENT } },
    };
  }
  const segment = op.path.split("/").filter(Boolean)[2] ?? op.path;
  return {
    summary: op.summary,
    operationId: `${op.method.toLowerCase()} ${op.path}`,
    tags: op.tags ?? [segment],
    "x-policy-action": op.action,
    ...(op.auth === "public" ? { security: [] } : {}),
    ...(op.auth === "optional" ? { security: [{}, { deviseToken: [] }] } : {}),
    parameters,
    ...(op.body?.bodySchema
      ? {
          requestBody: {
            required: true,
            content: op.body.bodyMediaTypes
              ? Object.fromEntries(
                  op.body.bodyMediaTypes.map((type) => [type, { schema: op.body?.bodySchema?.() }]),
                )
              : {
                  "application/vnd.api+json": { schema: op.body.bodySchema() },
                  "application/json": { schema: op.body.bodySchema() },
                },
          },
        }
      : {}),
    responses: op.format === "devise" ? deviseResponses(op) : responses,
  };
}

export function openApiDocument(scope: FastifyInstance) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operationsOf(scope)) {
    const key = openApiPath(op.path);
    paths[key] ??= {};
    paths[key][op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Volunteerly API",
      version: "1",
      description:
        "JSON:API resources with the devise_token_auth wire format (api-contract.md). Every request names its tenant in X-Tenant.",
    },
    components: {
      securitySchemes: {
        deviseToken: {
          type: "apiKey",
          in: "header",
          name: "access-token",
          description:
            "With the client and uid headers (devise_token_auth); rotated on every response.",
        },
      },
    },
    security: [{ deviseToken: [] }],
    paths,
  };
}

/** GET /api/v1/openapi.json: public and tenant-free (it describes every tenant's api). */
export async function openApiRoutes(app: FastifyInstance) {
  let cached: string | null = null;
  app.get("/api/v1/openapi.json", async (_request, reply) => {
    // Built on first use, when every scope has registered its routes.
    cached ??= JSON.stringify(openApiDocument(app));
    return reply.type("application/json").send(cached);
  });
}
