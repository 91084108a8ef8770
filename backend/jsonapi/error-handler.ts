import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/client";
import { AppError } from "../errors";
import { errorDocument, errorObject, JSONAPI_CONTENT_TYPE, type TJsonApiError } from "./errors";

/**
 * The one place an error becomes a response (STYLE.md): AppError by its code, Fastify's
 * own client errors (bad JSON, schema validation, size, media type) as JSON:API, an
 * unknown route as a JSON:API 404, and anything else as a bare 500 that is logged with
 * the request id and never leaks its message. A database that cannot be reached (a restart,
 * a failover: backend/db/client.ts) is a 503 with Retry-After, so clients and the BFF see
 * a passing outage, not a bug; the next request opens a new connection. The devise-shaped 401 of a protected
 * route is not an error here: auth/authenticate.ts sends it itself (api-contract §1.3).
 */

/** A restart of PostgreSQL takes seconds; a client that waits this long usually gets through. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

const sendErrors = (reply: FastifyReply, status: number, errors: TJsonApiError[]) =>
  reply.code(status).type(JSONAPI_CONTENT_TYPE).send({ errors });

function isFastifyClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as FastifyError | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** Fastify schema validation: body problems are 422 with pointers, the rest 400. */
function validationErrors(error: FastifyError): { status: number; errors: TJsonApiError[] } {
  const inBody = error.validationContext === "body";
  const status = inBody ? 422 : 400;
  const title = STATUS_CODES[status] ?? "Error";
  const errors = (error.validation ?? []).map((issue) => {
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    const path = missing ? `${issue.instancePath}/${missing}` : issue.instancePath;
    const source = inBody
      ? { pointer: path }
      : { parameter: path.replace(/^\//, "") || (error.validationContext ?? "") };
    return errorObject(status, title, { source, detail: issue.message ?? null, code: "invalid" });
  });
  return { status, errors };
}

function clientError(error: FastifyError & { statusCode: number }) {
  const status = error.statusCode;
  const title = STATUS_CODES[status] ?? "Error";
  const json = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError;
  const detail = json ? "The request body is not valid JSON." : error.message;
  return errorObject(status, title, { detail, code: error.code ?? null });
}

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError && error.status < 500) {
    reply.headers(error.headers);
    return reply.code(error.status).type(JSONAPI_CONTENT_TYPE).send(errorDocument(error));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) {
    const { status, errors } = validationErrors(fastifyError);
    return sendErrors(reply, status, errors);
  }
  if (isFastifyClientError(error)) return sendErrors(reply, error.statusCode, [clientError(error)]);
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, requestId: request.id }, "database unavailable");
    reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    return sendErrors(reply, 503, [
      errorObject(503, "Service Unavailable", {
        detail: "The service is unavailable, please try again later.",
        code: "database_unavailable",
      }),
    ]);
  }
  request.log.error({ err: error, requestId: request.id }, "unexpected error");
  return sendErrors(reply, 500, [errorObject(500, "Internal Server Error")]);
}

/** Registers the handlers on the root instance; every scope inherits them. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_request, reply) =>
    sendErrors(reply, 404, [errorObject(404, "Not Found")]),
  );
}
