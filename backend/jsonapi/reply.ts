import type { FastifyReply } from "fastify";
import { JSONAPI_CONTENT_TYPE } from "./errors";
import type { TDocument } from "./serializer";

/** Sends a JSON:API document with its media type (api-contract §2.1). */
export function sendDocument(reply: FastifyReply, document: TDocument, status = 200) {
  return reply.code(status).type(JSONAPI_CONTENT_TYPE).send(document);
}
